import { describe, expect, it } from 'vitest';
import { AuditSearchSchema, filterParams, toAuditFilters } from './audit-search';
import { eventCountLabel, groupEventTypes, humanizeType } from './event-groups';
import { causationTree, entityLinkOf, entityLinksOf } from './event-links';

describe('audit search', () => {
  it('reads a shared URL, dropping what is malformed', () => {
    const search = AuditSearchSchema.parse({
      type: 'NoteAdded,Bogus',
      stream: 'application-*',
      from: 'yesterday',
      order: 'up',
      event: '12',
    });
    expect(search).toEqual({ type: 'NoteAdded,Bogus', stream: 'application-*', event: 12 });
    const filters = toAuditFilters(search);
    expect(filters).toMatchObject({ type: 'NoteAdded', streamPrefix: 'application-', stream: undefined, order: 'desc' });
  });

  it('sends one stream exactly, local times as instants the right way round', () => {
    const filters = toAuditFilters({ stream: 'candidate-17', from: '2026-03-10T10:00', to: '2026-03-01T09:00', order: 'asc' });
    expect(filters.stream).toBe('candidate-17');
    expect(filters.from).toBe(new Date('2026-03-01T09:00').toISOString());
    expect(filters.to).toBe(new Date('2026-03-10T10:00').toISOString());
    expect(filterParams(filters).toString()).toContain('order=asc');
    expect(filterParams({ q: '', order: 'desc' }).toString()).toBe('order=desc');
  });
});

describe('event types', () => {
  it('groups types by aggregate and names them in words', () => {
    const groups = groupEventTypes([
      'NoteAdded',
      'CandidateUpdated',
      'CandidateRegistered',
      'IdReserved',
      'ApplicationStageChanged',
      'AuditLogExported',
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Candidates', 'Applications', 'Notes and e-mails', 'Audit', 'System']);
    expect(groups[0]!.types).toEqual(['CandidateRegistered', 'CandidateUpdated']);
    expect(humanizeType('ApplicationStageChanged')).toBe('Application stage changed');
  });
});

describe('event links and causation', () => {
  it('links an event to its record', () => {
    expect(entityLinkOf({ stream: 'candidate-7', data: {} })).toMatchObject({ kind: 'candidate', id: '7' });
    expect(entityLinkOf({ stream: 'application-3', data: { candidateId: 9, jobId: 2 } })).toMatchObject({ kind: 'candidate', id: '9' });
    expect(entityLinkOf({ stream: 'ids-candidate', data: { next: 1 } })).toBeNull();
  });

  it('nests each event under the one that caused it', () => {
    const e = (id: string, position: number, causationId: string | null) => ({ id, position, metadata: { causationId } });
    const tree = causationTree([e('c', 3, 'a'), e('a', 1, 'request'), e('b', 2, 'a'), e('d', 4, 'b')]);
    expect(tree.map((n) => [n.event.id, n.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['d', 2],
      ['c', 1],
    ]);
  });
});

describe('the count line', () => {
  it('says one event, several, more to come, and whether the live tail is paused', () => {
    expect(eventCountLabel(1, false, false)).toBe('1 event · live');
    expect(eventCountLabel(0, false, false)).toBe('0 events · live');
    expect(eventCountLabel(1250, false, true)).toBe('1,250 events · live paused');
    expect(eventCountLabel(100, true, false)).toBe('100+ events · live');
  });
});

describe('the records an event concerns', () => {
  it('a move names its candidate and its job; a job event its job and client', () => {
    const move = { stream: 'application-31', data: { applicationId: 31, candidateId: 16, jobId: 7 } };
    expect(entityLinksOf(move).map((l) => l.label)).toEqual(['Candidate #16', 'Job #7']);
    expect(entityLinksOf({ stream: 'job-7', data: { jobId: 7, clientId: 2 } }).map((l) => l.label)).toEqual(['Job #7', 'Client #2']);
    expect(entityLinksOf({ stream: 'ids-job', data: { kind: 'job', id: 3 } })).toEqual([]);
  });
});
