import type { Communication } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/** Communications (SPEC §3.1), listed per candidate. */
export type CommunicationDoc = Communication;

export const communicationsProjection = defineProjection<CommunicationDoc>({
  name: 'communications',
  collection: { name: 'communications', searchFields: ['subject', 'content'], indexes: ['recipientType', 'recipientId', 'createdAt'] },
  handles: ['CommunicationRecorded'],
  documentId: (event) => (event.type === 'CommunicationRecorded' ? event.data.communicationId : null),
  evolve(doc, event) {
    if (event.type !== 'CommunicationRecorded') return doc;
    const d = event.data;
    return {
      id: d.communicationId,
      type: d.type,
      subject: d.subject,
      content: d.content,
      recipientType: d.recipientType,
      recipientId: d.recipientId,
      recipientAddress: d.recipientAddress,
      delivered: d.delivered,
      provider: d.provider,
      note: d.note,
      sentAt: d.sentAt,
      createdBy: event.metadata.actor.id,
      createdAt: event.metadata.occurredAt,
    };
  },
  refs: (event): Refs =>
    event.type === 'CommunicationRecorded' && event.data.recipientType === 'candidate' && event.data.recipientId !== null
      ? { candidateId: [event.data.recipientId] }
      : {},
});
