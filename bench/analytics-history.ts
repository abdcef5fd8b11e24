/**
 * The analytics benches' generated history (`analytics.ts`, `browser-analytics.ts`): applications
 * created over the last two years on 200 jobs of 40 clients, each moved along the stages at
 * increasing times (about three moves each; some moved back, about 40% rejected, about 6% placed
 * with a placement record), and a store directory that keeps it for later runs (`--data-dir`).
 * `seedCandidates` adds the issue's 50,000 candidates (registered over the same two years, about
 * one in ten later set inactive) to a kept store that does not hold them yet.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApplicationStage, DomainEvent } from '@ats/events';
import type { Standalone } from '@ats/standalone';
import { appendDataset, toNewEvent } from '../drills/support/dataset';

const JOBS = 200;
const DAY = 86_400_000;
const PATH: ApplicationStage[] = ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed'];

/** a deterministic pseudo-random number in [0, 1) for (i, salt) */
const rand = (i: number, salt: number) => (((i * 2654435761 + salt * 40503) >>> 0) % 10_000) / 10_000;

/** one application's events with their times */
export function applicationHistory(id: number, start: number): Array<[DomainEvent, number]> {
  const jobId = 1 + (id % JOBS);
  const candidateId = 1 + (id % 5000);
  let at = start + rand(id, 1) * 700 * DAY;
  const out: Array<[DomainEvent, number]> = [
    [
      {
        type: 'ApplicationCreated',
        data: { applicationId: id, candidateId, jobId, stage: 'applied', appliedAt: new Date(at).toISOString() },
      },
      at,
    ],
  ];
  let rank = 0;
  const steps = Math.floor(rand(id, 2) * 6);
  const move = (to: ApplicationStage) => {
    at += (1 + rand(id, out.length + 3) * 20) * DAY;
    if (at > Date.now()) return false;
    const from = out.length === 1 ? 'applied' : (out.at(-1)![0].data as { toStage: ApplicationStage }).toStage;
    const changedBy = { id: `u-${id % 7}`, name: `Recruiter ${id % 7}` };
    out.push([
      {
        type: 'ApplicationStageChanged',
        data: { applicationId: id, candidateId, jobId, fromStage: from, toStage: to, changedBy, changedAt: new Date(at).toISOString() },
      },
      at,
    ]);
    return true;
  };
  for (let s = 0; s < steps && rank < 5; s++) {
    // now and then a card goes back one stage
    const back = rank > 1 && rand(id, 10 + s) < 0.1;
    rank = back ? rank - 1 : rank + 1;
    if (!move(PATH[rank]!)) return out;
    if (PATH[rank] === 'placed') {
      const fee = 30 + Math.round(rand(id, 4) * 70);
      out.push([
        {
          type: 'PlacementRecorded',
          data: { applicationId: id, candidateId, jobId, salary: fee * 4, feePercentage: 25, fee, placedAt: new Date(at).toISOString() },
        },
        at,
      ]);
    }
  }
  if (rank < 5 && rand(id, 5) < 0.5) move('rejected');
  return out;
}

/** the history kept in a store directory by an earlier run (null: none there) */
export function keptHistory(dataDir: string | undefined, applications: number): { moves: number; candidates: number } | null {
  const ready = dataDir ? join(dataDir, 'bench-analytics.json') : undefined;
  if (!ready || !existsSync(ready)) return null;
  const kept = JSON.parse(readFileSync(ready, 'utf8')) as { applications: number; moves: number; candidates?: number };
  if (kept.applications !== applications) throw new Error(`${dataDir} holds ${kept.applications} applications, not ${applications}`);
  return { moves: kept.moves, candidates: kept.candidates ?? 0 };
}

/** appends candidates `from`..`to` (registered over the last two years, one in ten set inactive later), waits until projected, notes the count in `dataDir` */
export async function seedCandidates(
  app: Pick<Standalone, 'eventStore' | 'projector'>,
  range: { from: number; to: number },
  dataDir: string | undefined,
  log: (msg: string) => void,
): Promise<void> {
  if (range.to < range.from) return;
  const started = performance.now();
  const start = Date.now() - 730 * DAY;
  let head = 0;
  let batch: Array<[DomainEvent, number]> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await app.eventStore.append(
      `seed-${randomUUID()}`,
      batch.map(([e, t]) => toNewEvent(e, new Date(t).toISOString())),
      { expectedRevision: 'no_stream' },
    );
    head = result.position;
    batch = [];
  };
  for (let c = range.from; c <= range.to; c++) {
    const at = start + rand(c, 21) * 720 * DAY;
    batch.push([
      {
        type: 'CandidateRegistered',
        data: {
          candidateId: c,
          firstName: 'Bench',
          lastName: `Candidate ${c}`,
          email: `bench.candidate.${c}@example.com`,
          phone: null,
          mobilePhone: null,
          currentTitle: 'Chief Financial Officer',
          currentCompany: `Company ${c % 997}`,
          location: 'London',
          linkedinUrl: null,
          skills: [],
          experience: 'Executive',
          salaryExpectation: 150 + (c % 200),
          summary: null,
          status: 'active',
          resumeFileName: null,
          resumeText: null,
          resumeUploadedAt: null,
        },
      } as DomainEvent,
      at,
    ]);
    if (rand(c, 22) < 0.1) {
      const later = at + (1 + rand(c, 23) * 200) * DAY;
      if (later < Date.now())
        batch.push([{ type: 'CandidateUpdated', data: { candidateId: c, changes: { status: 'inactive' } } } as DomainEvent, later]);
    }
    if (batch.length >= 2000) await flush();
  }
  await flush();
  log(`appended candidates ${range.from}–${range.to}; projecting…`);
  await app.projector.waitFor(head, 1_800_000);
  log(`projected in ${Math.round((performance.now() - started) / 1000)} s`);
  if (dataDir) {
    const ready = join(dataDir, 'bench-analytics.json');
    writeFileSync(ready, JSON.stringify({ ...JSON.parse(readFileSync(ready, 'utf8')), candidates: range.to }));
  }
}

/** appends the history of `applications` applications and waits until it is projected; notes it in `dataDir` when given */
export async function seedHistory(
  app: Pick<Standalone, 'eventStore' | 'projector'>,
  applications: number,
  dataDir: string | undefined,
  log: (msg: string) => void,
): Promise<{ moves: number }> {
  const started = performance.now();
  await appendDataset(app.eventStore, { candidates: 0, applications: 0, moves: 0, notes: 0, jobs: JOBS, clients: 40 }, 2000, {
    reservations: false,
  });
  const start = Date.now() - 730 * DAY;
  let head = 0;
  let moves = 0;
  let batch: Array<[DomainEvent, number]> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await app.eventStore.append(
      `seed-${randomUUID()}`,
      batch.map(([e, t]) => toNewEvent(e, new Date(t).toISOString())),
      { expectedRevision: 'no_stream' },
    );
    head = result.position;
    batch = [];
  };
  for (let id = 1; id <= applications; id++) {
    const events = applicationHistory(id, start);
    moves += events.filter(([e]) => e.type === 'ApplicationStageChanged').length;
    batch.push(...events);
    if (batch.length >= 2000) await flush();
  }
  await flush();
  log(`appended ${applications} applications and ${moves} stage moves; projecting…`);
  await app.projector.waitFor(head, 1_800_000);
  log(`projected in ${Math.round((performance.now() - started) / 1000)} s`);
  if (dataDir) writeFileSync(join(dataDir, 'bench-analytics.json'), JSON.stringify({ applications, moves }));
  return { moves };
}
