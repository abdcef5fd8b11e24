import {
  COMMUNICATIONS_DEFAULT_PAGE,
  type Candidate,
  type ClientDetail,
  type Communication,
  type CommunicationListItem,
  type CommunicationSender,
  type CommunicationsPage,
  type CommunicationsQuery,
} from '@ats/contracts';
import type { Doc, DocumentStore, Where } from '@ats/storage';
import { byId, distinctIds, readModel } from './query-support';

type CommunicationDoc = Communication & Doc;
type CandidateDoc = Pick<Candidate, 'id' | 'firstName' | 'lastName'> & Doc;
type ClientDoc = Pick<ClientDetail, 'id' | 'companyName' | 'contacts'> & Doc;
type UserDoc = { id: string; firstName: string; lastName: string } & Doc;

/** The store's conditions for a hub filter; times compared as UTC ISO strings, as the documents keep them. */
export function communicationsWhere(filter: Omit<CommunicationsQuery, 'q' | 'limit'>): Where {
  const where: Where = { type: 'email' };
  if (filter.cursor !== undefined) where.position = { $lt: filter.cursor };
  if (filter.template) where.template = filter.template;
  if (filter.sender) where.createdBy = filter.sender;
  if (filter.recipientKind) where.recipientType = filter.recipientKind === 'other' ? { $in: ['other', 'client'] } : filter.recipientKind;
  if (filter.recipient !== undefined) where.recipientId = filter.recipient;
  if (filter.client !== undefined) where.clientId = filter.client;
  if (filter.delivered !== undefined) where.delivered = filter.delivered;
  const from = filter.from ? new Date(filter.from).toISOString() : undefined;
  const to = filter.to ? new Date(filter.to).toISOString() : undefined;
  if (from || to) where.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
  return where;
}

const senderName = (id: string, user: UserDoc | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || id : id === 'system' ? 'System' : id;

/** The communications hub: cursor pages over the communications read model, names joined at read time. */
export function createCommunicationQueries(documents: DocumentStore) {
  const communications = readModel<CommunicationDoc>(documents, 'communications');
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const clients = readModel<ClientDoc>(documents, 'clients');
  const users = readModel<UserDoc>(documents, 'users');

  async function withNames(docs: readonly CommunicationDoc[]): Promise<CommunicationListItem[]> {
    const candidateIds = distinctIds(docs.filter((d) => d.recipientType === 'candidate').map((d) => d.recipientId));
    const clientIds = distinctIds(docs.map((d) => d.clientId ?? null));
    const userIds = [...new Set(docs.map((d) => d.createdBy))];
    const [candidateDocs, clientDocs, userDocs] = await Promise.all([
      candidateIds.length ? candidates().getMany(candidateIds) : [],
      clientIds.length ? clients().getMany(clientIds) : [],
      userIds.length ? users().getMany(userIds) : [],
    ]);
    const candidateById = byId(candidateDocs);
    const clientById = byId(clientDocs);
    const userById = new Map(userDocs.map((u) => [String(u.id), u]));
    return docs.map((doc) => {
      const client = doc.clientId ? clientById.get(doc.clientId) : undefined;
      let recipientName: string | null = null;
      if (doc.recipientType === 'candidate' && doc.recipientId !== null) {
        const c = candidateById.get(doc.recipientId);
        recipientName = c ? `${c.firstName} ${c.lastName}`.trim() : null;
      } else if (doc.recipientType === 'contact' && doc.recipientId !== null) {
        recipientName = client?.contacts?.find((c) => c.id === doc.recipientId)?.name ?? null;
      }
      return {
        ...doc,
        id: Number(doc.id),
        recipientName,
        clientName: client?.companyName ?? null,
        senderName: senderName(doc.createdBy, userById.get(doc.createdBy)),
      };
    });
  }

  return {
    async communicationsPage(query: CommunicationsQuery): Promise<CommunicationsPage> {
      const limit = query.limit ?? COMMUNICATIONS_DEFAULT_PAGE;
      const docs = await communications().find({
        where: communicationsWhere(query),
        search: query.q?.trim() || undefined,
        sort: [['position', 'desc']],
        limit: limit + 1,
      });
      const page = docs.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: await withNames(page),
        nextCursor: docs.length > limit && last?.position !== undefined ? last.position : null,
      };
    },
    async communicationById(id: number): Promise<CommunicationListItem | null> {
      const doc = await communications().get(id);
      if (!doc) return null;
      const [item] = await withNames([doc]);
      return item ?? null;
    },
    async communicationSenders(): Promise<CommunicationSender[]> {
      const ids = Object.keys(await communications().countBy('createdBy')).filter((id) => id !== 'null');
      const known = new Map((await users().getMany(ids)).map((u) => [String(u.id), u]));
      return ids.map((id) => ({ id, name: senderName(id, known.get(id)) })).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
