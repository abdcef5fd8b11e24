/**
 * A synthetic but valid agency history (codec-encoded events) for drills and benchmarks:
 * users, clients, jobs, candidates, applications, stage moves and notes. Events are appended
 * straight through the event-store port in large batches (the projector is what is measured);
 * entity ids are consistent so every projection has real work to do.
 */
import { randomUUID } from 'node:crypto';
import { APPLICATION_STAGES, encodeEvent, type DomainEvent } from '@ats/events';
import type { EventStore, NewEvent } from '@ats/storage';

export interface DatasetSize {
  candidates: number;
  clients: number;
  jobs: number;
  applications: number;
  moves: number;
  notes: number;
}

/** Roughly `total` events with the usual proportions of an agency. */
export function sizeFor(total: number): DatasetSize {
  // per unit: candidate 3 events, application 3, move 1, note 2, job 2, client 2
  const unit = total / 100;
  return {
    candidates: Math.round(unit * 10),
    applications: Math.round(unit * 14),
    moves: Math.round(unit * 14),
    notes: Math.round(unit * 4),
    jobs: Math.max(5, Math.round(unit * 0.6)),
    clients: Math.max(2, Math.round(unit * 0.2)),
  };
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Katherine',
  'Linus',
  'Margaret',
  'Ken',
  'Radia',
  'Tim',
  'Frances',
  'John',
  'Hedy',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Perlman',
  'Berners-Lee',
  'Allen',
  'Backus',
  'Lamarr',
];
const TITLES = [
  'Chief Technology Officer',
  'VP Engineering',
  'Chief Financial Officer',
  'Head of Sales',
  'Chief Operating Officer',
  'General Counsel',
  'CMO',
];
const CITIES = ['London', 'New York', 'Berlin', 'Paris', 'Singapore', 'Toronto', 'Sydney', 'Zurich'];
const SKILLS = ['Leadership', 'M&A', 'P&L', 'Go-to-market', 'Cloud', 'Strategy', 'Finance', 'Hiring', 'Compliance', 'Negotiation'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** Generates the history in order, in chunks of `chunk` events. */
export function* datasetEvents(size: DatasetSize, chunk = 1000, options: { reservations?: boolean } = {}): Generator<DomainEvent[]> {
  const reservations = options.reservations ?? true;
  let buffer: DomainEvent[] = [];
  const emit = function* (event: DomainEvent) {
    buffer.push(event);
    if (buffer.length >= chunk) {
      yield buffer;
      buffer = [];
    }
  };
  yield* emit({
    type: 'UserRegistered',
    data: {
      userId: 'u-bench',
      email: 'bench@agency.example',
      firstName: 'Bench',
      lastName: 'Recruiter',
      role: 'recruiter',
      profileImageUrl: null,
    },
  });
  for (let c = 1; c <= size.clients; c++) {
    if (reservations) yield* emit({ type: 'IdReserved', data: { kind: 'client', id: c } });
    yield* emit({
      type: 'ClientCreated',
      data: {
        clientId: c,
        companyName: `Client ${c} Holdings`,
        industry: 'Finance',
        website: null,
        description: null,
        address: null,
        priority: 'medium',
        status: 'active',
        notes: null,
      },
    } as DomainEvent);
  }
  for (let j = 1; j <= size.jobs; j++) {
    if (reservations) yield* emit({ type: 'IdReserved', data: { kind: 'job', id: j } });
    yield* emit({
      type: 'JobCreated',
      data: {
        jobId: j,
        title: `${pick(TITLES, j)} #${j}`,
        department: 'Executive',
        description: 'Lead the function.',
        requirements: '15 years',
        salaryMin: 200,
        salaryMax: 300,
        hourlyRateMin: null,
        hourlyRateMax: null,
        location: pick(CITIES, j),
        type: 'full-time',
        priority: 'high',
        status: 'open',
        clientId: 1 + (j % size.clients),
        feePercentage: 25,
      },
    } as DomainEvent);
  }
  for (let c = 1; c <= size.candidates; c++) {
    const email = `cand${c}@example.com`;
    if (reservations) yield* emit({ type: 'IdReserved', data: { kind: 'candidate', id: c } });
    if (reservations) yield* emit({ type: 'CandidateEmailReserved', data: { email, candidateId: c } });
    yield* emit({
      type: 'CandidateRegistered',
      data: {
        candidateId: c,
        firstName: pick(FIRST, c),
        lastName: `${pick(LAST, c * 7)}${c}`,
        email,
        phone: '+44 20 7946 0000',
        mobilePhone: null,
        currentTitle: pick(TITLES, c * 3),
        currentCompany: `Company ${c % 997}`,
        location: pick(CITIES, c * 5),
        linkedinUrl: null,
        skills: [pick(SKILLS, c), pick(SKILLS, c + 3)],
        experience: 'Executive',
        salaryExpectation: 150 + (c % 200),
        summary: 'Seasoned executive.',
        status: 'active',
        resumeFileName: null,
        resumeText: null,
        resumeUploadedAt: null,
      },
    } as DomainEvent);
  }
  // applications: candidate a, job spread so (candidate, job) pairs are unique
  const appOf = (a: number) => ({
    candidateId: 1 + ((a - 1) % size.candidates),
    jobId: 1 + ((Math.floor((a - 1) / size.candidates) + (a - 1)) % size.jobs),
  });
  for (let a = 1; a <= size.applications; a++) {
    const { candidateId, jobId } = appOf(a);
    if (reservations) yield* emit({ type: 'IdReserved', data: { kind: 'application', id: a } });
    if (reservations) yield* emit({ type: 'ApplicationPairReserved', data: { candidateId, jobId, applicationId: a } });
    yield* emit({
      type: 'ApplicationCreated',
      data: { applicationId: a, candidateId, jobId, stage: 'applied', appliedAt: '2025-03-02T10:00:00.000Z' },
    } as DomainEvent);
  }
  const stageOf = new Map<number, string>();
  for (let m = 0; m < size.moves; m++) {
    const a = 1 + ((m * 7919) % Math.max(1, size.applications));
    const { candidateId, jobId } = appOf(a);
    const fromStage = stageOf.get(a) ?? 'applied';
    const toStage = pick(
      APPLICATION_STAGES.filter((s) => s !== fromStage),
      m,
    );
    stageOf.set(a, toStage);
    yield* emit({
      type: 'ApplicationStageChanged',
      data: {
        applicationId: a,
        candidateId,
        jobId,
        fromStage,
        toStage,
        changedBy: { id: 'u-bench', name: 'Bench Recruiter' },
        changedAt: '2025-03-03T10:00:00.000Z',
      },
    } as DomainEvent);
  }
  for (let n = 1; n <= size.notes; n++) {
    if (reservations) yield* emit({ type: 'IdReserved', data: { kind: 'note', id: n } });
    yield* emit({
      type: 'NoteAdded',
      data: {
        noteId: n,
        candidateId: 1 + ((n * 31) % size.candidates),
        content: `Call notes ${n}`,
        author: { id: 'u-bench', name: 'Bench Recruiter' },
      },
    } as DomainEvent);
  }
  if (buffer.length > 0) yield buffer;
}

export function toNewEvent(event: DomainEvent, occurredAt: string): NewEvent {
  const encoded = encodeEvent(event);
  return {
    id: randomUUID(),
    type: encoded.type,
    data: encoded.data,
    metadata: {
      actor: { id: 'u-bench', name: 'Bench Recruiter' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt,
      schemaVersion: encoded.schemaVersion,
    },
  };
}

/** Appends the dataset in chunks (one stream per chunk); returns the number of events and the head. */
export async function appendDataset(
  eventStore: EventStore,
  size: DatasetSize,
  chunk = 1000,
  options: { reservations?: boolean } = {},
): Promise<{ events: number; head: number }> {
  let events = 0;
  let head = 0;
  let n = 0;
  const base = Date.parse('2025-03-01T00:00:00.000Z');
  for (const batch of datasetEvents(size, chunk, options)) {
    const result = await eventStore.append(
      `seed-${randomUUID()}`,
      batch.map((e, i) => toNewEvent(e, new Date(base + (events + i) * 1000).toISOString())),
      { expectedRevision: 'no_stream' },
    );
    events += batch.length;
    head = result.position;
    n++;
  }
  void n;
  return { events, head };
}

/** Event types the activity feed has one line for (to check for duplicates). */
export const FEED_EVENT_TYPES = [
  'CandidateRegistered',
  'CandidateDeleted',
  'NoteAdded',
  'ClientCreated',
  'ClientContactAdded',
  'JobCreated',
  'ApplicationCreated',
  'ApplicationStageChanged',
];
