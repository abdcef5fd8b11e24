import { randomUUID } from 'node:crypto';
import type { ApplicationStage } from '@ats/events';
import { contracts } from '@ats/contracts';
import { generatePassword } from '../bootstrap';
import { attachCandidateToJob, changeApplicationStage } from '../domain/applications/handlers';
import { registerCandidate } from '../domain/candidates/handlers';
import type { Call, Deps } from '../domain/context';
import { createJob, updateJob } from '../domain/jobs/handlers';
import { createTask } from '../domain/tasks/handlers';
import { registerUser } from '../domain/users/handlers';
import { FIRST_NAMES, LAST_NAMES, TITLES, COMPANIES, SKILL_SETS } from './demo-catalogue';
import type { DemoActor } from './demo-data';

const DAY = 86_400_000;

/** The demo's recruiters besides the user who loads it: team members whose past work is the history. */
export const DEMO_RECRUITERS = [
  { firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@talentflow.example' },
  { firstName: 'Marcus', lastName: 'Webb', email: 'marcus.webb@talentflow.example' },
  { firstName: 'Elena', lastName: 'Rossi', email: 'elena.rossi@talentflow.example' },
] as const;

/** How far back the demo history reaches: three full quarters and the current one. */
export const DEMO_HISTORY_DAYS = 270;

/** Searches the agency worked in the past months: each opened on a day, filled by one placement. */
const PAST_JOBS = [
  { title: 'General Counsel', department: 'Legal', location: 'New York, NY', salaryMin: 320, salaryMax: 400 },
  { title: 'VP of Finance', department: 'Finance', location: 'Chicago, IL', salaryMin: 260, salaryMax: 320 },
  { title: 'Head of Product', department: 'Product', location: 'San Francisco, CA', salaryMin: 280, salaryMax: 350 },
  { title: 'VP of Marketing', department: 'Marketing', location: 'Austin, TX', salaryMin: 240, salaryMax: 300 },
  { title: 'Chief Revenue Officer', department: 'Sales', location: 'Boston, MA', salaryMin: 380, salaryMax: 480 },
  { title: 'Director of Engineering', department: 'Engineering', location: 'Seattle, WA', salaryMin: 250, salaryMax: 310 },
  { title: 'VP of Operations', department: 'Operations', location: 'Denver, CO', salaryMin: 240, salaryMax: 290 },
  { title: 'Head of Customer Success', department: 'Customer Success', location: 'Remote', salaryMin: 200, salaryMax: 250 },
  { title: 'Chief Human Resources Officer', department: 'People', location: 'New York, NY', salaryMin: 300, salaryMax: 380 },
  { title: 'VP of Supply Chain', department: 'Operations', location: 'Chicago, IL', salaryMin: 230, salaryMax: 290 },
  { title: 'Corporate Controller', department: 'Finance', location: 'Boston, MA', salaryMin: 210, salaryMax: 260 },
  { title: 'Head of Data Platform', department: 'Engineering', location: 'San Francisco, CA', salaryMin: 260, salaryMax: 330 },
] as const;
/** an open search that has gone quiet: open for weeks, few candidates, no move for over a month */
const STALE_JOB = { title: 'VP of Investor Relations', department: 'Finance', location: 'New York, NY', salaryMin: 250, salaryMax: 320 };
const PAST_LOCATIONS = [
  'New York, NY',
  'Chicago, IL',
  'Boston, MA',
  'San Francisco, CA',
  'Austin, TX',
  'Seattle, WA',
  'Denver, CO',
  'Remote',
];
export const PAST_CANDIDATES = 24;
/** days a card stays in the stage before it moves to this one: a screen is quick, finals and offers take longer */
const STAGE_DAYS: Partial<Record<ApplicationStage, [number, number]>> = {
  phone_screen: [2, 6],
  interview: [4, 9],
  final_interview: [6, 12],
  offer: [4, 9],
  placed: [5, 12],
  rejected: [2, 8],
};

/** A small deterministic generator, so every first start tells the same story. */
function random(seed: number) {
  let a = seed;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(r * (max - min + 1));
  };
}

/** One demo command at its time, by its actor: the demo's commands are issued in time order. */
export interface DemoStep {
  at: number;
  order: number;
  actor: DemoActor;
  run: (call: Call) => Promise<unknown>;
}

export interface DemoHistoryReport {
  recruiters: number;
  jobs: number;
  candidates: number;
  applications: number;
  placements: number;
}

/**
 * The agency's past: demo recruiters join, past searches open, candidates apply and move through
 * the stages over weeks, one per search is placed (its fee recorded) and the search is filled;
 * one search goes quiet. Every step is a command with its own past time and the recruiter who did
 * it, so the analytics compute every figure from these events. The recruiters join now (a week
 * before the history starts); the other steps are returned, for the caller to issue in time order
 * among the demo's other commands (the log's order is then the order of time). `clientIds` is read
 * when the steps run.
 */
export async function planDemoHistory(
  deps: Deps,
  loader: DemoActor,
  clientIds: number[],
  end: number,
  /** the demo recruiters' password (`npm start` prints it); default a random one */
  recruiterPassword: string = generatePassword(),
): Promise<{ steps: DemoStep[]; report: DemoHistoryReport }> {
  const rnd = random(20260401);
  const start = end - DEMO_HISTORY_DAYS * DAY;
  const call = (at: number, actor: DemoActor): Call => ({
    correlationId: randomUUID(),
    metadata: { now: new Date(at).toISOString(), actor },
  });
  const recruiters: DemoActor[] = [];
  for (const r of DEMO_RECRUITERS) {
    const { userId } = await registerUser(deps, call(start - 7 * DAY, loader), {
      ...r,
      password: recruiterPassword,
      role: 'recruiter',
    });
    recruiters.push({ id: userId, name: `${r.firstName} ${r.lastName}`, role: 'recruiter' });
  }
  const team = [...recruiters, loader];
  const report: DemoHistoryReport = { recruiters: recruiters.length, jobs: 0, candidates: 0, applications: 0, placements: 0 };

  const steps: DemoStep[] = [];
  let order = 0;
  const at = (time: number, actor: DemoActor, run: DemoStep['run']) =>
    steps.push({ at: Math.min(time, end - DAY), order: order++, actor, run });

  const candidateIds: Array<number | undefined> = [];
  const firstUse: Array<{ at: number; actor: DemoActor } | undefined> = [];
  const useCandidate = (index: number, time: number, actor: DemoActor) => {
    const seen = firstUse[index];
    if (!seen || time < seen.at) firstUse[index] = { at: time, actor };
  };
  const hour = () => rnd(8, 18) * 3_600_000 + rnd(0, 59) * 60_000;

  const searches = [...PAST_JOBS.map((j, k) => ({ ...j, k, stale: false })), { ...STALE_JOB, k: PAST_JOBS.length, stale: true }];
  for (const job of searches) {
    const owner = team[job.k % team.length]!;
    const opened = job.stale ? end - 75 * DAY : start + (20 + job.k * 17) * DAY + hour();
    const ref: { id?: number } = {};
    at(opened, owner, async (c) => {
      const { id } = await createJob(deps, c, {
        title: job.title,
        department: job.department,
        description: `Retained search: ${job.title}.`,
        requirements: undefined,
        salaryMin: job.salaryMin,
        salaryMax: job.salaryMax,
        hourlyRateMin: undefined,
        hourlyRateMax: undefined,
        location: job.location,
        type: 'full-time',
        priority: job.stale ? 'low' : 'high',
        status: job.stale ? 'sourcing' : 'interviewing',
        clientId: clientIds[(job.k * 5 + 1) % clientIds.length]!,
        feePercentage: 20 + (job.k % 3) * 5,
      });
      ref.id = id!;
      report.jobs++;
    });
    // who applies: in a filled search the first is placed, the others stop at a stage and are rejected
    const plans: Array<{ candidate: number; path: ApplicationStage[] }> = job.stale
      ? [
          { candidate: (job.k * 2) % PAST_CANDIDATES, path: ['phone_screen', 'rejected'] },
          { candidate: (job.k * 2 + 1) % PAST_CANDIDATES, path: ['phone_screen'] },
        ]
      : [
          { candidate: (job.k * 2) % PAST_CANDIDATES, path: ['phone_screen', 'interview', 'final_interview', 'offer', 'placed'] },
          { candidate: (job.k * 2 + 1) % PAST_CANDIDATES, path: ['phone_screen', 'rejected'] },
          { candidate: (job.k * 2 + 3) % PAST_CANDIDATES, path: ['phone_screen', 'interview', 'rejected'] },
          { candidate: (job.k * 2 + 5) % PAST_CANDIDATES, path: ['phone_screen', 'interview', 'final_interview', 'rejected'] },
          { candidate: (job.k * 2 + 7) % PAST_CANDIDATES, path: ['rejected'] },
        ];
    // the quiet search's owner has a follow-up on it, overdue: the one a manager reassigns
    if (job.stale)
      at(opened + 30 * DAY, owner, async (c) => {
        await createTask(deps, c, {
          title: 'Agree a new sourcing plan with the client',
          description: undefined,
          priority: 'high',
          status: 'pending',
          dueDate: new Date(end - 20 * DAY).toISOString().slice(0, 10),
          assignedTo: owner.id,
          relatedTo: { kind: 'job', id: ref.id! },
        });
      });
    for (const [j, plan] of plans.entries()) {
      // a colleague sometimes moves a card on the owner's search
      const mover = j === 3 ? team[(job.k + 1) % team.length]! : owner;
      let time = opened + (2 + j * 3 + rnd(0, 3)) * DAY + hour();
      if (job.stale) time = opened + (3 + j * 2) * DAY + hour();
      useCandidate(plan.candidate, time, owner);
      const app: { id?: number } = {};
      at(time, owner, async (c) => {
        app.id = (await attachCandidateToJob(deps, c, candidateIds[plan.candidate]!, ref.id!)).id!;
        report.applications++;
      });
      for (const stage of plan.path) {
        const days = job.stale ? 18 : (STAGE_DAYS[stage] ?? [2, 4]);
        time += (typeof days === 'number' ? days : rnd(days[0], days[1])) * DAY;
        at(time, mover, async (c) => {
          await changeApplicationStage(deps, c, app.id!, { stage });
          if (stage === 'placed') {
            report.placements++;
            await updateJob(deps, { ...c, correlationId: randomUUID() }, ref.id!, contracts.updateJob.body!.parse({ status: 'filled' }));
          }
        });
      }
    }
  }

  // each past candidate is registered a few days before they first apply, by the recruiter who found them
  for (let i = 0; i < PAST_CANDIDATES; i++) {
    const use = firstUse[i] ?? { at: start + rnd(5, 200) * DAY, actor: team[i % team.length]! };
    const firstName = FIRST_NAMES[(i * 5 + 3) % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(i * 11 + 5) % LAST_NAMES.length]!;
    const skills = SKILL_SETS[(i + 3) % SKILL_SETS.length]!;
    at(use.at - rnd(1, 5) * DAY, use.actor, async (c) => {
      const email = `${firstName}.${lastName}.p${i}@example.com`.toLowerCase();
      const { id } = await registerCandidate(deps, c, {
        firstName,
        lastName,
        email,
        currentTitle: TITLES[(i + 2) % TITLES.length]!,
        currentCompany: COMPANIES[(i * 5 + 1) % COMPANIES.length]!,
        phone: `+1 (212) 555-${String(3000 + i * 41).slice(-4)}`,
        mobilePhone: undefined,
        location: PAST_LOCATIONS[i % PAST_LOCATIONS.length]!,
        linkedinUrl: undefined,
        skills,
        experience: ['10+ years', '15+ years', '12 years'][i % 3]!,
        salaryExpectation: 200 + ((i * 19) % 180),
        summary: `${TITLES[(i + 2) % TITLES.length]} with a track record in ${skills.slice(0, 2).join(' and ')}.`,
        resumeFileName: undefined,
        resumeText: undefined,
        resumeUploadedAt: undefined,
        // referrals and the recruiters' own sourcing place most; one in six has no source recorded
        source:
          i % 6 === 5 ? undefined : (['referral', 'sourced', 'professional_network', 'job_board', 'referral', 'inbound'] as const)[i % 6],
      });
      candidateIds[i] = id!;
      report.candidates++;
    });
  }

  return { steps, report };
}
