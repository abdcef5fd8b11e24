import type { Client, ClientDetail } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { LIST_LIMIT, NEWEST_FIRST, readModel, strip } from './query-support';

export type ClientDoc = Client & Doc;
type ClientDetailDoc = ClientDetail & Doc;

/** The clients list and a client's page (both from the one clients read model). */
export function createClientQueries(documents: DocumentStore) {
  const clients = readModel<ClientDoc>(documents, 'clients');
  const clientDetails = readModel<ClientDetailDoc>(documents, 'clients');

  return {
    async listClients(search?: string): Promise<Client[]> {
      const list = await clients().find({ search: search?.trim() || undefined, sort: NEWEST_FIRST, limit: LIST_LIMIT });
      // the list cards show the primary contact only; the detail carries them all
      return list.map((c) => strip(c, ['contacts', 'updatedAt']));
    },
    async getClient(id: number): Promise<ClientDetail | null> {
      const doc = await clientDetails().get(id);
      return doc ? { ...doc, id: Number(doc.id), contacts: doc.contacts ?? [] } : null;
    },
  };
}
