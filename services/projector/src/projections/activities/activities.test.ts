import { ActivitySchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import {
  applicationCreated,
  candidateDeleted,
  candidateRegistered,
  clientCreated,
  contactAdded,
  idReserved,
  jobCreated,
  noteAdded,
  stageChanged,
  userRegistered,
} from '../../../test/support/fixtures';
import { activitiesProjection, activityLookupProjection } from './index';

const feed = [activityLookupProjection, activitiesProjection];
const lines = (events: Parameters<typeof project>[1]) =>
  project(feed, events)
    .docs('activities')
    .map((a) => ({ type: a.type, description: a.description }));

describe('activities projection', () => {
  it('writes one feed line per meaningful event, keyed by the event id', () => {
    const at = eventLog();
    const event = at(candidateRegistered(), {
      id: '7b0c3f2e-0000-4000-8000-000000000001',
      actor: { id: 'u2', name: 'Maria Chen' },
      occurredAt: '2025-03-01T10:00:00.000Z',
    });
    const { docs } = project(feed, [event]);
    expect(docs('activities')).toEqual([
      {
        id: '7b0c3f2e-0000-4000-8000-000000000001',
        type: 'candidate',
        description: 'Ada Lovelace was added as a candidate by Maria Chen',
        entityType: 'candidate',
        entityId: 1,
        createdBy: 'u2',
        createdAt: '2025-03-01T10:00:00.000Z',
        position: 1,
      },
    ]);
    expect(ActivitySchema.strict().parse(docs('activities')[0])).toEqual(docs('activities')[0]);
  });

  it('describes clients, contacts, jobs and notes', () => {
    const at = eventLog();
    expect(
      lines([
        at(clientCreated()),
        at(contactAdded({ isPrimary: true })),
        at(contactAdded({ contactId: 2, name: 'Road Runner' })),
        at(jobCreated()),
        at(jobCreated({ jobId: 2, title: 'Head of Data', clientId: null })),
        at(candidateRegistered()),
        at(noteAdded()),
      ]),
    ).toEqual([
      { type: 'client', description: 'New client: Acme Corp' },
      { type: 'client', description: 'Wile Coyote was added as the primary contact at Acme Corp' },
      { type: 'client', description: 'Road Runner was added as a contact at Acme Corp' },
      { type: 'job', description: 'New job order: VP Engineering at Acme Corp' },
      { type: 'job', description: 'New job order: Head of Data' },
      { type: 'candidate', description: 'Ada Lovelace was added as a candidate by Test User' },
      { type: 'note', description: 'Maria Chen added a note on Ada Lovelace' },
    ]);
  });

  describe('when an application moves through the pipeline', () => {
    it('names the mover, the candidate and the stage', () => {
      const at = eventLog();
      expect(
        lines([
          at(clientCreated()),
          at(jobCreated()),
          at(candidateRegistered()),
          at(applicationCreated()),
          at(stageChanged('applied', 'phone_screen')),
          at(stageChanged('phone_screen', 'interview')),
          at(stageChanged('interview', 'offer')),
          at(stageChanged('offer', 'placed')),
          at(stageChanged('placed', 'rejected')),
        ]).slice(3),
      ).toEqual([
        { type: 'candidate', description: 'Ada Lovelace was attached to VP Engineering by Test User' },
        { type: 'interview', description: 'Maria Chen moved Ada Lovelace to Phone Screen' },
        { type: 'interview', description: 'Maria Chen moved Ada Lovelace to Interview' },
        { type: 'candidate', description: 'Maria Chen moved Ada Lovelace to Offer' },
        { type: 'placement', description: 'Ada Lovelace was placed as VP Engineering at Acme Corp by Maria Chen' },
        { type: 'candidate', description: 'Maria Chen moved Ada Lovelace to Rejected' },
      ]);
    });

    it('points at the application', () => {
      const at = eventLog();
      const { docs } = project(feed, [at(stageChanged('applied', 'interview', { applicationId: 12 }))]);
      expect(docs('activities')[0]).toMatchObject({ entityType: 'application', entityId: 12 });
    });

    it('falls back to ids when the names were never seen', () => {
      const at = eventLog();
      expect(
        lines([
          at(stageChanged('applied', 'interview', { applicationId: 12, candidateId: 3 })),
          at(stageChanged('offer', 'placed', { candidateId: 3, jobId: 4 })),
        ]),
      ).toEqual([
        { type: 'interview', description: 'Maria Chen moved Candidate #3 to Interview' },
        { type: 'placement', description: 'Candidate #3 was placed as Job #4 by Maria Chen' },
      ]);
    });
  });

  it('says who added a candidate, and not the system', () => {
    const at = eventLog();
    expect(
      lines([
        at(candidateRegistered(), { actor: { id: 'u3', name: 'Dana Scott' } }),
        at(candidateRegistered({ candidateId: 2, firstName: 'Grace', lastName: 'Hopper', email: 'g@example.com' }), {
          actor: { id: 'system', name: 'System' },
        }),
      ]).map((l) => l.description),
    ).toEqual(['Ada Lovelace was added as a candidate by Dana Scott', 'Grace Hopper was added as a candidate']);
  });

  it('names a deleted candidate', () => {
    const at = eventLog();
    expect(lines([at(candidateRegistered()), at(candidateDeleted(1))])[1]).toEqual({
      type: 'candidate',
      description: 'Ada Lovelace was removed from candidates',
    });
  });

  it('tells of resume uploads and e-mails, naming who did it', () => {
    const at = eventLog();
    const maria = { actor: { id: 'u2', name: 'Maria Chen' } };
    const email = (
      recipient: { recipientType: 'candidate' | 'contact'; recipientId: number | null; recipientAddress: string },
      subject: string | null,
    ) => ({
      type: 'CommunicationRecorded' as const,
      data: {
        communicationId: 5,
        type: 'email' as const,
        subject,
        content: 'Hello',
        ...recipient,
        sentAt: '2025-03-01T10:00:00.000Z',
        delivered: true,
        provider: 'outbox' as const,
        providerMessageId: null,
        note: null,
      },
    });
    const blob = { blobId: 'b1', fileName: 'ada.pdf', mimeType: 'application/pdf', size: 10, sha256: 'a'.repeat(64) };
    expect(
      lines([
        at(candidateRegistered()),
        at(
          { type: 'CandidateResumeUploaded', data: { candidateId: 1, blob, resumeText: null, uploadedAt: '2025-03-01T10:00:00.000Z' } },
          maria,
        ),
        at(email({ recipientType: 'candidate', recipientId: 1, recipientAddress: 'ada@example.com' }, 'Next steps'), maria),
        at(email({ recipientType: 'contact', recipientId: null, recipientAddress: 'wile@acme.example' }, null), maria),
      ]).slice(1),
    ).toEqual([
      { type: 'candidate', description: 'Maria Chen uploaded a resume for Ada Lovelace' },
      { type: 'candidate', description: 'Maria Chen e-mailed Ada Lovelace: Next steps' },
      { type: 'note', description: 'Maria Chen e-mailed wile@acme.example' },
    ]);
  });

  it('writes nothing for reservations and user accounts', () => {
    const at = eventLog();
    expect(
      lines([at(idReserved()), at(userRegistered()), at({ type: 'CandidateEmailReserved', data: { email: 'a@b.c', candidateId: 1 } })]),
    ).toEqual([]);
  });

  it('declares every lookup it reads', () => {
    // project() throws on undeclared reads, so the tests above prove it; here the declared set itself
    const at = eventLog();
    expect(activitiesProjection.reads?.(at(stageChanged('applied', 'offer', { candidateId: 3, jobId: 4 })))).toEqual([
      { collection: 'activity_lookup', id: 'candidate-3' },
      { collection: 'activity_lookup', id: 'job-4' },
    ]);
  });
});
