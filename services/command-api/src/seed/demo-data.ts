import { randomUUID } from 'node:crypto';
import { APPLICATION_STAGES, CANDIDATE_SOURCES, DEMO_DATA_STREAM, encodeEvent, type ApplicationStage } from '@ats/events';
import { ConcurrencyError } from '@ats/storage';
import { attachCandidateToJob, changeApplicationStage } from '../domain/applications/handlers';
import { registerCandidate } from '../domain/candidates/handlers';
import { addClientContact, createClient } from '../domain/clients/handlers';
import type { Call, Deps } from '../domain/context';
import { createIdAllocator } from '../ids';
import { createJob } from '../domain/jobs/handlers';
import { addNote } from '../domain/notes/handlers';
import { planDemoEmails, type DemoEmailPeople } from './demo-emails';
import { seedDemoInterviews } from './demo-interviews';
import { loadDemoTasks } from './demo-tasks';
import { DEMO_HISTORY_DAYS, planDemoHistory, type DemoStep } from './demo-history';
import { CLIENTS, FIRST_NAMES, JOBS, LAST_NAMES, LOCATIONS, SKILL_SETS, TITLES, COMPANIES } from './demo-catalogue';

export interface DemoActor {
  id: string;
  name: string;
  role: string;
}

export interface DemoDataReport {
  loaded: boolean;
  clients: number;
  contacts: number;
  jobs: number;
  candidates: number;
  applications: number;
  emails?: number;
  /** demo recruiters who joined the team, and the placements in the months of history */
  recruiters?: number;
  placements?: number;
}

const DAY = 86_400_000;

/** When the demo's story starts (a week before its history, when its recruiters join): for an admin account created for it. */
export function demoStoryStart(end = Date.now()): number {
  return end - (DEMO_HISTORY_DAYS + 8) * DAY;
}

/**
 * Loads the demo agency by issuing commands, so all of it is in the event log. A claim event on
 * `system-demo-data`, appended with no_stream, makes a second start (or a concurrent one) load
 * nothing.
 */
export async function loadDemoData(
  appDeps: Deps,
  actor: DemoActor,
  onProgress?: (msg: string) => void,
  /**
   * history: the months of past searches by the demo recruiters (default true, as on first start);
   * recruiterPassword: the demo recruiters' password (default a random one nobody knows)
   */
  options: { history?: boolean; recruiterPassword?: string } = {},
): Promise<DemoDataReport> {
  const empty = { loaded: false, clients: 0, contacts: 0, jobs: 0, candidates: 0, applications: 0 };
  const end = Date.now();
  // the time of the demo command being issued: its ids are reserved at that time too
  let clock = end;
  const deps: Deps = { ...appDeps, allocateId: createIdAllocator(appDeps.eventStore, () => clock) };
  const { type, data, schemaVersion } = encodeEvent({ type: 'DemoDataSeeded', data: { version: 1 } });
  // the claim opens the demo's story (its history's first day, or the current searches' first), so
  // the log's times never go backwards after it: an auditor reads the log in order of time
  const storyStart = options.history === false ? end - 45 * DAY : demoStoryStart(end);
  try {
    await deps.eventStore.append(
      DEMO_DATA_STREAM,
      [
        {
          id: randomUUID(),
          type,
          data,
          metadata: {
            actor,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date(storyStart).toISOString(),
            schemaVersion,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) return empty;
    throw error;
  }

  // spread the current searches over the last 45 days, ending now, so "days open" and relative times look real
  // with the history the clients are not on these ticks: about 235 commands (the last stage move at
  // tick ~221) end a day or two ago, so the feed a manager opens on a Monday shows last week's work
  const TICKS = options.history === false ? 330 : 230;
  const step = (45 * DAY) / TICKS;
  let tick = 0;
  // the steps planned at their own times (the history's, the e-mails'): each runs when the clock of
  // the sequential commands below passes it, so every command is appended in the order of its time
  const pending: Array<DemoStep> = [];
  let order = 0;
  const plan = (steps: ReadonlyArray<Omit<DemoStep, 'order'>>) => {
    for (const s of steps) pending.push({ ...s, order: order++ });
    pending.sort((a, b) => a.at - b.at || a.order - b.order);
  };
  const runUntil = async (time: number) => {
    while (pending.length > 0 && pending[0]!.at <= time) {
      const s = pending.shift()!;
      clock = s.at;
      await s.run({ correlationId: randomUUID(), metadata: { now: new Date(s.at).toISOString(), actor: s.actor } });
    }
  };
  const callAt = async (time: number): Promise<Call> => {
    await runUntil(time);
    clock = time;
    return { correlationId: randomUUID(), metadata: { now: new Date(time).toISOString(), actor } };
  };
  const call = () => callAt(Math.min(end, end - (TICKS - tick++) * step));

  const report: DemoDataReport = { ...empty, loaded: true };
  const clientIds: number[] = [];
  const emailPeople: DemoEmailPeople = { candidates: [], contacts: [], jobs: [] };
  // months of past searches worked by several recruiters, so the analytics of any recent quarter have
  // figures: the recruiters join now (before the history starts), the rest runs at its times below
  const history = options.history === false ? null : await planDemoHistory(deps, actor, clientIds, end, options.recruiterPassword);
  if (history) plan(history.steps);
  // the clients came first, at the start of the history: the past searches are theirs
  const historyStart = end - DEMO_HISTORY_DAYS * DAY;
  let clientTick = 0;
  // (without the history they open the current searches' 45 days, as before it)
  const clientCall = (): Promise<Call> => (options.history === false ? call() : callAt(historyStart + clientTick++ * 3 * 3600 * 1000));
  for (const c of CLIENTS) {
    const { id } = await createClient(deps, await clientCall(), {
      companyName: c.companyName,
      industry: c.industry,
      website: c.website,
      description: c.description,
      address: c.address,
      priority: c.priority,
      status: 'active',
      notes: undefined,
    });
    clientIds.push(id!);
    report.clients++;
    for (const [i, contact] of c.contacts.entries()) {
      const added = await addClientContact(deps, await clientCall(), id!, { ...contact, isPrimary: i === 0 });
      emailPeople.contacts.push({ id: added.id!, clientId: id!, name: contact.name, email: contact.email, clientName: c.companyName });
      report.contacts++;
    }
  }
  onProgress?.(`clients: ${report.clients}`);

  const jobIds: number[] = [];
  for (const [i, j] of JOBS.entries()) {
    const { id } = await createJob(deps, await call(), {
      title: j.title,
      department: j.department,
      description: j.description,
      requirements: j.requirements,
      salaryMin: j.salaryMin,
      salaryMax: j.salaryMax,
      hourlyRateMin: undefined,
      hourlyRateMax: undefined,
      location: j.location,
      type: 'full-time',
      priority: j.priority,
      status: j.status,
      clientId: clientIds[i % clientIds.length]!,
      feePercentage: 20 + (i % 3) * 5,
    });
    jobIds.push(id!);
    emailPeople.jobs.push({ title: j.title, clientName: CLIENTS[i % CLIENTS.length]!.companyName });
    report.jobs++;
  }
  onProgress?.(`jobs: ${report.jobs}`);

  const candidateIds: number[] = [];
  for (let i = 0; i < 40; i++) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
    const skills = SKILL_SETS[i % SKILL_SETS.length]!;
    const { id } = await registerCandidate(deps, await call(), {
      firstName,
      lastName,
      email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
      currentTitle: TITLES[i % TITLES.length]!,
      currentCompany: COMPANIES[(i * 3) % COMPANIES.length]!,
      phone: `+1 (415) 555-${String(1000 + i * 37).slice(-4)}`,
      mobilePhone: i % 3 === 0 ? `+1 (628) 555-${String(2000 + i * 53).slice(-4)}` : undefined,
      location: LOCATIONS[i % LOCATIONS.length]!,
      linkedinUrl: `https://www.linkedin.com/in/${firstName}-${lastName}-${i}`.toLowerCase(),
      skills,
      experience: ['10+ years', '15+ years', '8 years', '20+ years'][i % 4]!,
      salaryExpectation: 180 + ((i * 23) % 220),
      summary: `${TITLES[i % TITLES.length]} with a track record in ${skills.slice(0, 2).join(' and ')}.`,
      resumeFileName: undefined,
      resumeText: undefined,
      resumeUploadedAt: undefined,
      // every eighth one without a source: the analytics show "Unknown" as they would for older records
      source: i % 8 === 7 ? undefined : CANDIDATE_SOURCES[i % CANDIDATE_SOURCES.length],
    });
    candidateIds.push(id!);
    emailPeople.candidates.push({ id: id!, firstName, email: `${firstName}.${lastName}${i}@example.com`.toLowerCase() });
    report.candidates++;
    if (i % 5 === 0) await addNote(deps, await call(), id!, `Intro call went well; strong interest in ${skills[0]} leadership roles.`);
  }
  onProgress?.(`candidates: ${report.candidates}`);
  // the e-mails of the last week, among the moves of the applications below
  const emails = planDemoEmails(deps, actor, emailPeople, end);
  plan(emails.steps);

  // every stage gets applications: walk each one forward to its target stage
  const onBoard: Array<{ candidateId: number; jobId: number }> = [];
  const targets: ApplicationStage[] = [];
  for (let i = 0; i < 48; i++) targets.push(APPLICATION_STAGES[i % APPLICATION_STAGES.length]!);
  for (const [i, target] of targets.entries()) {
    const candidateId = candidateIds[i % candidateIds.length]!;
    const jobId = jobIds[(i * 5 + Math.floor(i / candidateIds.length)) % jobIds.length]!;
    const { id } = await attachCandidateToJob(deps, await call(), candidateId, jobId);
    report.applications++;
    if (target !== 'applied' && target !== 'rejected') onBoard.push({ candidateId, jobId });
    const path =
      target === 'rejected'
        ? (['phone_screen', 'rejected'] as ApplicationStage[])
        : APPLICATION_STAGES.slice(1, APPLICATION_STAGES.indexOf(target) + 1);
    for (const stage of path) await changeApplicationStage(deps, await call(), id!, { stage });
  }
  onProgress?.(`applications: ${report.applications}`);
  const tasks = await loadDemoTasks(deps, call, actor.id, { candidate: candidateIds, job: jobIds, client: clientIds });
  onProgress?.(`tasks: ${tasks}`);
  await runUntil(Infinity);
  report.emails = emails.sent.count;
  onProgress?.(`e-mails: ${report.emails}`);
  if (history) {
    report.recruiters = history.report.recruiters;
    report.placements = history.report.placements;
    report.jobs += history.report.jobs;
    report.candidates += history.report.candidates;
    report.applications += history.report.applications;
    onProgress?.(
      `history: ${history.report.jobs} past searches, ${history.report.placements} placements by ${history.report.recruiters + 1} recruiters`,
    );
  }
  // the interviews are booked now (the last commands, at the real time)
  const interviews = await seedDemoInterviews(deps, actor, onBoard, new Date(), () => {
    clock = Math.max(clock, Date.now());
    return { correlationId: randomUUID(), metadata: { now: new Date(clock).toISOString(), actor } };
  });
  onProgress?.(`interviews: ${interviews}`);
  return report;
}
