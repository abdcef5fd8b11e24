import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import {
  applicationCreated,
  candidateDeleted,
  candidateRegistered,
  clientCreated,
  contactAdded,
  jobCreated,
} from '../../../test/support/fixtures';
import { allProjections } from '../index';

const restored = {
  candidate: (candidateId = 1) => ({ type: 'CandidateRestored' as const, data: { candidateId } }),
  client: (clientId = 1) => ({ type: 'ClientRestored' as const, data: { clientId } }),
  job: (jobId = 1) => ({ type: 'JobRestored' as const, data: { jobId } }),
  contact: (contactId: number, clientId = 1) => ({ type: 'ClientContactRestored' as const, data: { clientId, contactId } }),
};
const as = (name: string) => ({ actor: { id: 'u9', name } });

describe('restoring deleted records (Undo)', () => {
  it('brings a candidate back exactly as it was, AI fields and creation time included, and the feed says who', () => {
    const at = eventLog();
    const before = project(allProjections, [
      at(candidateRegistered(), { occurredAt: '2025-03-01T10:00:00.000Z' }),
      at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { location: 'London' } } }),
    ]).get('candidates', 1);
    const after = project(allProjections, [
      at(candidateRegistered(), { occurredAt: '2025-03-01T10:00:00.000Z' }),
      at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { location: 'London' } } }),
      at(candidateDeleted(1)),
      at(restored.candidate(1), as('Ann Lee')),
    ]);
    expect(before).not.toBeNull();
    expect(after.get('candidates', 1)).toEqual(before);
    expect(after.get('deleted_records', 'candidate-1')).toMatchObject({ kind: 'candidate', entityId: 1, restoredAt: expect.any(String) });
    const feed = after.docs('activities').map((a) => a['description']);
    expect(feed).toContain('Ada Lovelace was removed from candidates');
    expect(feed).toContain('Ann Lee restored Ada Lovelace');
  });

  it('brings a client back with the contacts it had, not one deleted before it', () => {
    const at = eventLog();
    const { get, docs } = project(allProjections, [
      at(clientCreated()),
      at(contactAdded({ contactId: 1, isPrimary: true })),
      at(contactAdded({ contactId: 2, name: 'Road Runner' })),
      at(contactAdded({ contactId: 3, name: 'Gone Already' })),
      at({ type: 'ClientContactDeleted', data: { clientId: 1, contactId: 3 } }),
      at({ type: 'ClientDeleted', data: { clientId: 1 } }),
      at(restored.client(1), as('Ann Lee')),
    ]);
    const client = get('clients', 1) as { contacts: Array<{ name: string }>; contactName: string } | null;
    expect(client?.contacts.map((c) => c.name)).toEqual(['Wile Coyote', 'Road Runner']);
    expect(client?.contactName).toBe('Wile Coyote');
    expect(docs('activities').map((a) => a['description'])).toContain('Ann Lee restored Acme Corp and its 2 contacts');
  });

  it('brings one deleted contact back to its client', () => {
    const at = eventLog();
    const { get, docs } = project(allProjections, [
      at(clientCreated()),
      at(contactAdded({ contactId: 1, isPrimary: true })),
      at(contactAdded({ contactId: 2, name: 'Road Runner' })),
      at({ type: 'ClientContactDeleted', data: { clientId: 1, contactId: 1 } }),
      at(restored.contact(1), as('Ann Lee')),
    ]);
    const client = get('clients', 1) as { contacts: Array<{ id: number }>; contactName: string } | null;
    expect(client?.contacts.map((c) => c.id)).toEqual([1, 2]);
    expect(client?.contactName).toBe('Wile Coyote');
    expect(docs('activities').map((a) => a['description'])).toContain('Ann Lee restored Wile Coyote at Acme Corp');
  });

  it('brings a job back; its applications were never dropped and the entry no longer hides them', () => {
    const at = eventLog();
    const events = [at(clientCreated()), at(jobCreated()), at(candidateRegistered()), at(applicationCreated())];
    const before = project(allProjections, events).get('jobs', 1);
    const deleted = project(allProjections, [...events, at({ type: 'JobDeleted', data: { jobId: 1 } })]);
    expect(deleted.get('jobs', 1)).toBeNull();
    expect(deleted.get('deleted_records', 'job-1')).toMatchObject({ restoredAt: null });
    const after = project(allProjections, [...events, at({ type: 'JobDeleted', data: { jobId: 1 } }), at(restored.job(1), as('Ann Lee'))]);
    expect(after.get('jobs', 1)).toEqual(before);
    expect(after.get('applications', 1)).toMatchObject({ jobId: 1, candidateId: 1 });
    expect(after.get('deleted_records', 'job-1')).toMatchObject({ restoredAt: expect.any(String) });
    expect(after.docs('activities').map((a) => a['description'])).toContain('Ann Lee restored job order VP Engineering');
  });

  it('a second delete after a restore snapshots the record again', () => {
    const at = eventLog();
    const { get } = project(allProjections, [
      at(candidateRegistered()),
      at(candidateDeleted(1)),
      at(restored.candidate(1)),
      at({ type: 'CandidateUpdated', data: { candidateId: 1, changes: { location: 'Paris' } } }),
      at(candidateDeleted(1)),
      at(restored.candidate(1)),
    ]);
    expect(get('candidates', 1)).toMatchObject({ location: 'Paris' });
  });
});

describe('candidate status follows placement', () => {
  it('sets the status the event names and says why the way back happened', () => {
    const at = eventLog();
    const follow = (status: 'placed' | 'active', previousStatus: 'placed' | 'active') => ({
      type: 'CandidateStatusFollowedPlacement' as const,
      data: { candidateId: 1, applicationId: 1, status, previousStatus },
    });
    const placed = project(allProjections, [at(candidateRegistered()), at(follow('placed', 'active'))]);
    expect(placed.get('candidates', 1)).toMatchObject({ status: 'placed' });
    const undone = project(allProjections, [at(candidateRegistered()), at(follow('placed', 'active')), at(follow('active', 'placed'))]);
    expect(undone.get('candidates', 1)).toMatchObject({ status: 'active' });
    expect(undone.docs('activities').map((a) => a['description'])).toContain('Ada Lovelace is active again: the placement was undone');
  });
});
