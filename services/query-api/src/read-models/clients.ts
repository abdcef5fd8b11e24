import type { Client, ClientDetail } from '@ats/contracts';
import type { Doc, DocumentStore } from '@ats/storage';
import { LIST_LIMIT, NEWEST_FIRST, readModel, strip, type Page } from './query-support';

export type ClientDoc = Client & Doc;
type ClientDetailDoc = ClientDetail & Doc;

/** The clients list and a client's page (both from the one clients read model). */
export function createClientQueries(documents: DocumentStore) {
  const clients = readModel<ClientDoc>(documents, 'clients');
  const clientDetails = readModel<ClientDetailDoc>(documents, 'clients');

  return {
    async listClients(search?: string, page: Page = {}): Promise<Client[]> {
      const list = await clients().find({
        search: search?.trim() || undefined,
        sort: NEWEST_FIRST,
        limit: page.limit ?? LIST_LIMIT,
        offset: page.offset ?? 0,
      });
      // the list cards show the primary contact only; the detail carries them all
      return list.map((c) => strip(c, ['contacts', 'updatedAt']));
    },
    /** a page of the clients list with all their contacts (the contacts export) */
    async listClientDetails(search: string | undefined, page: Page): Promise<ClientDetail[]> {
      const list = await clientDetails().find({ search: search?.trim() || undefined, sort: NEWEST_FIRST, ...page });
      return list.map((doc) => ({ ...doc, id: Number(doc.id), contacts: doc.contacts ?? [] }));
    },
    async getClient(id: number): Promise<ClientDetail | null> {
      const doc = await clientDetails().get(id);
      return doc ? { ...doc, id: Number(doc.id), contacts: doc.contacts ?? [] } : null;
    },
  };
}
