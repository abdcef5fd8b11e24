import type { Communication } from '@ats/contracts';
import { defineRecordProjection, type Refs } from '../../projection';

/** Communications (SPEC §3.1), listed per candidate. */
export type CommunicationDoc = Communication;

export const communicationsProjection = defineRecordProjection<CommunicationDoc, 'CommunicationRecorded'>({
  name: 'communications',
  collection: { name: 'communications', searchFields: ['subject', 'content'], indexes: ['recipientType', 'recipientId', 'createdAt'] },
  event: 'CommunicationRecorded',
  id: (event) => event.data.communicationId,
  toDoc: ({ data: d, metadata }) => ({
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
    createdBy: metadata.actor.id,
    createdAt: metadata.occurredAt,
  }),
  refs: ({ data }): Refs => (data.recipientType === 'candidate' && data.recipientId !== null ? { candidateId: [data.recipientId] } : {}),
});
