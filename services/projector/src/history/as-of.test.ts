import { APPLICATION_STAGES, type DomainEvent } from '@ats/events';
import { toApplicationStreamId, toCandidateStreamId, toClientStreamId, toJobStreamId } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../test/support/events';
import { applicationCreated, candidateRegistered, clientCreated, contactAdded, jobCreated } from '../../test/support/fixtures';
import type { ProjectedEvent } from '../projection';
import { allProjections, recordEventsProjection, type RecordEventDoc } from '../projections';
import { foldRecordsAsOf, toProjectedEvent } from './as-of';

/** A small seeded generator (mulberry32), so a failing history can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

/**
 * A random but valid history over 3 candidates, 2 clients, 2 jobs and up to 6 applications:
 * creations, edits, deletes and restores, contacts, notes, AI analyses, moves, detaches,
 * placements following a status, and accesses — each on its own stream with its revision.
 */
function generateHistory(seed: number, length = 70): ProjectedEvent[] {
  const r = random(seed);
  const log = eventLog();
  const revisions = new Map<string, number>();
  const events: ProjectedEvent[] = [];
  const emit = (stream: string, event: DomainEvent) => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    const day = String(1 + Math.floor(events.length / 5)).padStart(2, '0');
    const time = `2025-03-${day}T${String(10 + (events.length % 5)).padStart(2, '0')}:00:00.000Z`;
    events.push(
      log(event, {
        stream,
        revision,
        occurredAt: time,
        actor: r.pick([
          { id: 'u1', name: 'Rita' },
          { id: 'u2', name: 'Dana' },
        ]),
      }),
    );
  };
  const candidates = new Map<number, 'live' | 'deleted'>();
  const clients = new Map<number, 'live' | 'deleted'>();
  const jobs = new Map<number, 'live' | 'deleted'>();
  const apps = new Map<number, { candidateId: number; jobId: number; stage: string; live: boolean }>();
  let contactId = 0;
  const contacts: Array<{ clientId: number; contactId: number; live: boolean }> = [];
  const live = (m: Map<number, string>) => [...m].filter(([, s]) => s === 'live').map(([id]) => id);
  const gone = (m: Map<number, string>) => [...m].filter(([, s]) => s === 'deleted').map(([id]) => id);

  while (events.length < length) {
    const step = r.int(16);
    if (step === 0 && candidates.size < 3) {
      const id = candidates.size + 1;
      candidates.set(id, 'live');
      emit(toCandidateStreamId(id), candidateRegistered({ candidateId: id, firstName: `C${id}`, email: `c${id}@x.com` }));
    } else if (step === 1 && clients.size < 2) {
      const id = clients.size + 1;
      clients.set(id, 'live');
      emit(toClientStreamId(id), clientCreated({ clientId: id, companyName: `Client ${id}` }));
    } else if (step === 2 && jobs.size < 2) {
      const id = jobs.size + 1;
      jobs.set(id, 'live');
      emit(toJobStreamId(id), jobCreated({ jobId: id, title: `Job ${id}`, clientId: clients.size ? r.int(clients.size) + 1 : null }));
    } else if (step === 3 && live(candidates).length) {
      const id = r.pick(live(candidates));
      const changes = r.pick([
        { currentTitle: r.pick(['CFO', 'VP Finance', null]) },
        { salaryExpectation: 200 + r.int(100) },
        { skills: ['A', r.pick(['B', 'C'])] },
        { status: r.pick(['active', 'inactive'] as const) },
      ]);
      emit(toCandidateStreamId(id), { type: 'CandidateUpdated', data: { candidateId: id, changes } });
    } else if (step === 4 && live(candidates).length) {
      const id = r.pick(live(candidates));
      candidates.set(id, 'deleted');
      emit(toCandidateStreamId(id), { type: 'CandidateDeleted', data: { candidateId: id } });
    } else if (step === 5 && gone(candidates).length) {
      const id = r.pick(gone(candidates));
      candidates.set(id, 'live');
      emit(toCandidateStreamId(id), { type: 'CandidateRestored', data: { candidateId: id } });
    } else if (step === 6 && live(clients).length) {
      const id = r.pick(live(clients));
      emit(toClientStreamId(id), {
        type: 'ClientUpdated',
        data: { clientId: id, changes: { industry: r.pick(['Finance', 'Tech', null]) } },
      });
    } else if (step === 7 && live(clients).length) {
      const clientId = r.pick(live(clients));
      contactId += 1;
      contacts.push({ clientId, contactId, live: true });
      emit(toClientStreamId(clientId), contactAdded({ clientId, contactId, name: `Contact ${contactId}`, isPrimary: r.next() < 0.5 }));
    } else if (step === 8 && contacts.some((c) => clients.get(c.clientId) === 'live')) {
      const c = r.pick(contacts.filter((x) => clients.get(x.clientId) === 'live'));
      emit(toClientStreamId(c.clientId), {
        type: c.live ? 'ClientContactDeleted' : 'ClientContactRestored',
        data: { clientId: c.clientId, contactId: c.contactId },
      });
      c.live = !c.live;
    } else if (step === 9 && clients.size) {
      const id = r.int(clients.size) + 1;
      const deleted = clients.get(id) === 'deleted';
      clients.set(id, deleted ? 'live' : 'deleted');
      emit(toClientStreamId(id), { type: deleted ? 'ClientRestored' : 'ClientDeleted', data: { clientId: id } });
    } else if (step === 10 && jobs.size) {
      const id = r.int(jobs.size) + 1;
      const j = jobs.get(id)!;
      if (j === 'live' && r.next() < 0.6)
        emit(toJobStreamId(id), { type: 'JobUpdated', data: { jobId: id, changes: { title: `Job ${id} v${events.length}` } } });
      else {
        jobs.set(id, j === 'live' ? 'deleted' : 'live');
        emit(toJobStreamId(id), { type: j === 'live' ? 'JobDeleted' : 'JobRestored', data: { jobId: id } });
      }
    } else if (step === 11 && candidates.size && jobs.size && apps.size < 6) {
      const id = apps.size + 1;
      const a = { candidateId: r.int(candidates.size) + 1, jobId: r.int(jobs.size) + 1, stage: 'applied', live: true };
      apps.set(id, a);
      emit(toApplicationStreamId(id), applicationCreated({ applicationId: id, candidateId: a.candidateId, jobId: a.jobId }));
    } else if (step === 12 && [...apps.values()].some((a) => a.live)) {
      const [id, a] = r.pick([...apps].filter(([, x]) => x.live));
      const toStage = r.pick(APPLICATION_STAGES.filter((s) => s !== a.stage));
      emit(toApplicationStreamId(id), {
        type: 'ApplicationStageChanged',
        data: {
          applicationId: id,
          candidateId: a.candidateId,
          jobId: a.jobId,
          fromStage: a.stage as 'applied',
          toStage,
          changedBy: { id: 'u1', name: 'Rita' },
          changedAt: `t${events.length}`,
        },
      });
      a.stage = toStage;
      if (toStage === 'placed' && candidates.get(a.candidateId) === 'live')
        emit(toCandidateStreamId(a.candidateId), {
          type: 'CandidateStatusFollowedPlacement',
          data: { candidateId: a.candidateId, applicationId: id, status: 'placed', previousStatus: 'active' },
        });
    } else if (step === 13 && apps.size) {
      const id = r.int(apps.size) + 1;
      const a = apps.get(id)!;
      const base = { applicationId: id, candidateId: a.candidateId, jobId: a.jobId };
      emit(
        toApplicationStreamId(id),
        a.live
          ? { type: 'ApplicationDetached', data: { ...base, detachedBy: { id: 'u1', name: 'Rita' } } }
          : {
              type: 'ApplicationRestored',
              data: {
                ...base,
                stage: a.stage as 'applied',
                appliedAt: '2025-03-02T10:00:00.000Z',
                stageChangedAt: null,
                stageChangedBy: null,
                restoredBy: { id: 'u1', name: 'Rita' },
              },
            },
      );
      a.live = !a.live;
    } else if (step === 14 && candidates.size) {
      const id = r.int(candidates.size) + 1;
      emit(`note-${events.length}`, {
        type: 'NoteAdded',
        data: { noteId: events.length, candidateId: id, content: 'n', author: { id: 'u1', name: 'Rita' } },
      });
    } else if (step === 15 && candidates.size) {
      const id = r.int(candidates.size) + 1;
      emit(`ai-analysis-${events.length}`, {
        type: 'AiAnalysisRecorded',
        data: {
          analysisId: events.length,
          engine: 'builtin',
          model: 'm',
          promptVersion: '1',
          inputHash: 'h',
          analysisType: 'profile',
          entityType: 'candidate',
          entityId: id,
          results: { summary: `s${events.length}` },
          score: r.int(100),
          confidence: 0.5,
        },
      });
      emit('access-log', {
        type: 'RecordsAccessed',
        data: {
          entityType: 'candidate',
          entityId: id,
          accesses: [{ userId: 'u2', userName: 'Dana', role: 'auditor', kind: 'read', at: 'now', detail: null }],
        },
      });
    }
  }
  return events;
}

const RECORDS = [
  ...[1, 2, 3].map((id) => ({ kind: 'candidate' as const, field: 'candidateId' as const, collection: 'candidates', id })),
  ...[1, 2].map((id) => ({ kind: 'client' as const, field: 'clientId' as const, collection: 'clients', id })),
  ...[1, 2].map((id) => ({ kind: 'job' as const, field: 'jobId' as const, collection: 'jobs', id })),
  ...[1, 2, 3, 4, 5, 6].map((id) => ({ kind: 'application' as const, field: 'applicationId' as const, collection: 'applications', id })),
];

describe('as-of reads (property: at every position, the record equals the fold of the whole log up to it)', () => {
  it.each(Array.from({ length: 25 }, (_, i) => [1000 + i * 7919]))('history seed %i', (seed) => {
    const events = generateHistory(seed);
    // what the record_events read model keeps, as the runner would build it
    const kept = project([recordEventsProjection], events).docs('record_events') as RecordEventDoc[];
    for (let p = 0; p <= events.length; p++) {
      // the oracle: every projection, run as the runner runs them, over the whole log up to p
      const whole = project(allProjections, events.slice(0, p));
      for (const record of RECORDS) {
        const mine = kept.filter((d) => d[record.field] === record.id && d.type !== 'RecordsAccessed').map(toProjectedEvent);
        const asOfPosition = foldRecordsAsOf(mine, { position: p }).get(record.collection, record.id);
        expect(asOfPosition, `seed ${seed}, ${record.kind} ${record.id} at ${p}`).toEqual(whole.get(record.collection, record.id));
      }
    }
  });

  it('an as-of time takes the events that had happened by then', () => {
    const events = generateHistory(42);
    const kept = project([recordEventsProjection], events).docs('record_events') as RecordEventDoc[];
    const cut = events[Math.floor(events.length / 2)]!;
    const whole = project(
      allProjections,
      events.filter((e) => e.metadata.occurredAt <= cut.metadata.occurredAt),
    );
    for (const record of RECORDS) {
      const mine = kept.filter((d) => d[record.field] === record.id).map(toProjectedEvent);
      expect(foldRecordsAsOf(mine, { time: cut.metadata.occurredAt }).get(record.collection, record.id)).toEqual(
        whole.get(record.collection, record.id),
      );
    }
  });
});
