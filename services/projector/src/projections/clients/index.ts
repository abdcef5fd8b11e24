import type { ClientContact, ClientDetail } from '@ats/contracts';
import { toClientStreamId } from '@ats/events';
import { defineProjection, type ProjectedEventOf, type ProjectionContext, type Refs } from '../../projection';
import { DELETED_RECORDS, deletedRecordId, type DeletedRecordDoc } from '../deleted-records';

/**
 * Client companies with their contact persons embedded (contracts' ClientDetailSchema), so
 * deleting a client takes its contacts out of the read model in one step. The contact fields of
 * the card show the primary contact: the latest one marked primary, else the first one.
 */
export type ClientDoc = ClientDetail;

const HANDLES = [
  'ClientCreated',
  'ClientUpdated',
  'ClientDeleted',
  'ClientContactAdded',
  'ClientContactDeleted',
  'ClientRestored',
  'ClientContactRestored',
  'ClientContactErased',
] as const;
type Handled = ProjectedEventOf<(typeof HANDLES)[number]>;

const clientId = (event: Handled): number | null => {
  switch (event.type) {
    case 'ClientCreated':
    case 'ClientUpdated':
    case 'ClientDeleted':
    case 'ClientContactAdded':
    case 'ClientContactDeleted':
    case 'ClientRestored':
    case 'ClientContactRestored':
    case 'ClientContactErased':
      return event.data.clientId;
  }
};

/** Primary first (latest marked primary), then in the order they were added. */
export function orderContacts(contacts: readonly ClientContact[]): ClientContact[] {
  const primary = [...contacts].reverse().find((c) => c.isPrimary) ?? null;
  const rest = contacts.filter((c) => c !== primary);
  return primary ? [primary, ...rest] : [...rest];
}

function withContacts(doc: ClientDoc, contacts: ClientContact[]): ClientDoc {
  const ordered = orderContacts(contacts);
  const shown = ordered[0] ?? null;
  return {
    ...doc,
    contacts: ordered,
    contactName: shown?.name ?? null,
    contactEmail: shown?.email ?? null,
    contactPhone: shown?.phone ?? null,
  };
}

export const clientsProjection = defineProjection<ClientDoc, (typeof HANDLES)[number]>({
  name: 'clients',
  collection: {
    name: 'clients',
    searchFields: ['companyName', 'industry', 'contactName', 'contactEmail', 'description'],
    indexes: ['status', 'priority', 'createdAt'],
  },
  handles: HANDLES,
  // 2: documents carry the client stream's `revision` (edit conflicts)
  version: 2,
  documentId: clientId,
  // a restore reads back what the delete snapshotted: the client with its contacts, or one contact
  reads: (event) =>
    event.type === 'ClientRestored'
      ? [{ collection: DELETED_RECORDS, id: deletedRecordId('client', event.data.clientId) }]
      : event.type === 'ClientContactRestored'
        ? [{ collection: DELETED_RECORDS, id: deletedRecordId('contact', event.data.contactId) }]
        : [],
  evolve(doc, event, context) {
    const next = evolveClient(doc, event, context);
    // the revision an edit starts from: the client stream's last event (contacts have their own streams)
    return next && next !== doc && event.stream === toClientStreamId(next.id)
      ? { ...next, revision: event.revision, updatedBy: { id: event.metadata.actor.id, name: event.metadata.actor.name } }
      : next;
  },
  refs(event): Refs {
    const id = clientId(event);
    return id === null ? {} : { clientId: [id] };
  },
});

function evolveClient(doc: ClientDoc | null, event: Handled, { lookup }: ProjectionContext): ClientDoc | null {
  switch (event.type) {
    case 'ClientRestored': {
      if (doc) return doc;
      const entry = lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('client', event.data.clientId));
      return (entry?.snapshot as ClientDoc | null | undefined) ?? null;
    }
    case 'ClientContactRestored': {
      const entry = lookup<DeletedRecordDoc>(DELETED_RECORDS, deletedRecordId('contact', event.data.contactId));
      const contact = entry?.snapshot as ClientContact | null | undefined;
      if (!doc || !contact || (doc.contacts ?? []).some((c) => c.id === contact.id)) return doc;
      return withContacts(
        doc,
        [...(doc.contacts ?? []), contact].sort((a, b) => a.id - b.id),
      );
    }
    case 'ClientCreated': {
      const d = event.data;
      return {
        id: d.clientId,
        companyName: d.companyName,
        industry: d.industry,
        website: d.website,
        description: d.description,
        address: d.address,
        priority: d.priority,
        status: d.status,
        notes: d.notes,
        contactName: null,
        contactEmail: null,
        contactPhone: null,
        contacts: [],
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
      };
    }
    case 'ClientUpdated':
      return doc ? { ...doc, ...event.data.changes, updatedAt: event.metadata.occurredAt } : doc;
    case 'ClientDeleted':
      return null;
    case 'ClientContactAdded': {
      // A contact for a client we never saw (or one deleted meanwhile) cannot make a useful card: leave it alone.
      if (!doc) return doc;
      const d = event.data;
      const contact: ClientContact = {
        id: d.contactId,
        clientId: d.clientId,
        name: d.name,
        title: d.title,
        email: d.email,
        phone: d.phone,
        notes: d.notes,
        isPrimary: d.isPrimary,
        createdBy: event.metadata.actor.id,
        createdAt: event.metadata.occurredAt,
      };
      // contacts keep insertion order underneath; `orderContacts` puts the primary first
      const added = [...[...(doc.contacts ?? [])].sort((a, b) => a.id - b.id), contact];
      return withContacts(doc, added);
    }
    case 'ClientContactDeleted':
    case 'ClientContactErased': {
      if (!doc) return doc;
      const remaining = (doc.contacts ?? []).filter((c) => c.id !== event.data.contactId).sort((a, b) => a.id - b.id);
      return withContacts(doc, remaining);
    }
  }
}
