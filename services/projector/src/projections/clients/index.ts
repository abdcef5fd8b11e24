import type { Client } from '@ats/contracts';
import { defineProjection, type ProjectedEvent, type Refs } from '../../projection';

/** Client companies (contracts' ClientSchema); the contact fields show the primary contact. */
export type ClientDoc = Client;

const clientId = (event: ProjectedEvent): number | null => {
  switch (event.type) {
    case 'ClientCreated':
    case 'ClientContactAdded':
      return event.data.clientId;
    default:
      return null;
  }
};

export const clientsProjection = defineProjection<ClientDoc>({
  name: 'clients',
  collection: {
    name: 'clients',
    searchFields: ['companyName', 'industry', 'contactName', 'contactEmail', 'description'],
    indexes: ['status', 'priority', 'createdAt'],
  },
  handles: ['ClientCreated', 'ClientContactAdded'],
  documentId: clientId,
  evolve(doc, event) {
    switch (event.type) {
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
          createdAt: event.metadata.occurredAt,
        };
      }
      case 'ClientContactAdded': {
        // A contact for a client we never saw cannot make a useful card: leave it alone.
        if (!doc) return doc;
        const d = event.data;
        if (!d.isPrimary && doc.contactName !== null) return doc;
        return { ...doc, contactName: d.name, contactEmail: d.email, contactPhone: d.phone };
      }
      default:
        return doc;
    }
  },
  refs(event): Refs {
    const id = clientId(event);
    return id === null ? {} : { clientId: [id] };
  },
});
