import type { Communication } from '@ats/contracts';
import { defineProjection, type ProjectedEventOf, type Refs } from '../../projection';

/** Communications (SPEC §3.1), listed per candidate, per client (its contacts) and in the hub. */
export type CommunicationDoc = Communication;

/** The document a CommunicationRecorded makes: the message as recorded, with what the hub filters on. */
export function communicationDoc({ data: d, metadata, position }: ProjectedEventOf<'CommunicationRecorded'>): CommunicationDoc {
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
    providerMessageId: d.providerMessageId,
    note: d.note,
    template: d.template ?? null,
    clientId: d.clientId ?? null,
    attachments: d.attachments ?? [],
    sentAt: d.sentAt,
    createdBy: metadata.actor.id,
    createdAt: metadata.occurredAt,
    position,
  };
}

export function communicationRefs({ data }: ProjectedEventOf<'CommunicationRecorded'>): Refs {
  const refs: Refs = {};
  if (data.recipientType === 'candidate' && data.recipientId !== null) refs.candidateId = [data.recipientId];
  if (data.clientId) refs.clientId = [data.clientId];
  return refs;
}

export const communicationsProjection = defineProjection<CommunicationDoc, 'CommunicationRecorded'>({
  name: 'communications',
  // v2: the hub's fields (template, client, message id, attachments, position)
  version: 2,
  collection: {
    name: 'communications',
    searchFields: ['subject', 'content', 'recipientAddress'],
    indexes: ['recipientType', 'recipientId', 'createdAt', 'clientId', 'createdBy', 'template', 'delivered'],
    // the hub reads e-mails (type) newest first (position), all or one client's
    sortIndexes: [
      { equal: ['type'], sort: [['position', 'desc']] },
      { equal: ['type', 'clientId'], sort: [['position', 'desc']] },
    ],
  },
  handles: ['CommunicationRecorded'],
  documentId: (event) => event.data.communicationId,
  documentPerEvent: true,
  evolve: (_doc, event) => communicationDoc(event),
  refs: communicationRefs,
});
