import { CommunicationSchema } from '@ats/contracts';
import type { DomainEvent } from '@ats/events';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { communicationsProjection } from '.';

const recorded = (overrides: Partial<Extract<DomainEvent, { type: 'CommunicationRecorded' }>['data']> = {}): DomainEvent => ({
  type: 'CommunicationRecorded',
  data: {
    communicationId: 1,
    type: 'email',
    subject: 'Search Update',
    content: 'Hi Hank,\n\nHere is an update on the search.',
    recipientType: 'contact',
    recipientId: 7,
    recipientAddress: 'hank@globex.example',
    sentAt: '2025-03-01T10:00:00.000Z',
    delivered: true,
    provider: 'postmark',
    providerMessageId: 'pm-1',
    note: 'Sent',
    ...overrides,
  },
});

describe('communications projection (v2: the hub fields)', () => {
  it('given a contact e-mail, keeps its template, client, message id, sender and position', () => {
    const at = eventLog();
    const first = at(recorded({ template: 'client_update', clientId: 3 }), { actor: { id: 'u9', name: 'Max' } });
    const { docs } = project([communicationsProjection], [first]);
    const doc = CommunicationSchema.strict().parse(docs('communications')[0]);
    expect(doc).toEqual({
      id: 1,
      type: 'email',
      subject: 'Search Update',
      content: 'Hi Hank,\n\nHere is an update on the search.',
      recipientType: 'contact',
      recipientId: 7,
      recipientAddress: 'hank@globex.example',
      delivered: true,
      provider: 'postmark',
      providerMessageId: 'pm-1',
      note: 'Sent',
      template: 'client_update',
      clientId: 3,
      attachments: [],
      sentAt: '2025-03-01T10:00:00.000Z',
      createdBy: 'u9',
      createdAt: first.metadata.occurredAt,
      position: first.position,
    });
    expect(communicationsProjection.refs?.(first)).toEqual({ clientId: [3] });
  });

  it('given an older event without the new fields, reads them as none; a candidate e-mail routes to the candidate', () => {
    const at = eventLog();
    const event = at(recorded({ recipientType: 'candidate', recipientId: 5, delivered: false, provider: 'outbox', sentAt: null }));
    const { docs } = project([communicationsProjection], [event]);
    expect(docs('communications')[0]).toMatchObject({ template: null, clientId: null, attachments: [], delivered: false });
    expect(communicationsProjection.refs?.(event)).toEqual({ candidateId: [5] });
  });

  it('keeps attachments by name when the event names them', () => {
    const at = eventLog();
    const { docs } = project(
      [communicationsProjection],
      [at(recorded({ attachments: [{ name: 'interview.ics', contentType: 'text/calendar' }] }))],
    );
    expect(docs('communications')[0]).toMatchObject({ attachments: [{ name: 'interview.ics', contentType: 'text/calendar' }] });
  });

  it('is versioned so existing read sides rebuild with the new fields', () => {
    expect(communicationsProjection.version).toBe(2);
  });
});
