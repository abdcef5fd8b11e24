import { SEARCH_PER_KIND_LIMIT, SEARCH_TOTAL_LIMIT, type ClientContact, type SearchResponse, type SearchResult } from '@ats/contracts';
import type { DocumentStore } from '@ats/storage';
import type { CandidateDoc } from './candidates';
import type { ClientDoc } from './clients';
import type { JobDoc } from './jobs';
import { byId, distinctIds, readModel } from './query-support';
import type { ResultCache } from './result-cache';
import { capGroups, rank, scoreMatch, searchWords, type Scored } from './search-ranking';

/** how many store matches of one kind are ranked (the store finds by every word; ranking picks the best of these) */
const POOL = 60;

const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(' · ') || null;

/**
 * The global search over the read models: candidates, clients and jobs through the stores' own
 * search (indexed, accent-folded; every word must match a declared field), contacts from the
 * clients' embedded contact lists (held once per read-model checkpoint, as the clients are few),
 * each kind ranked by `search-ranking` and capped. Deleted records are not in the read models,
 * so they are never found.
 */
export function createSearchQueries(documents: DocumentStore, cache?: ResultCache) {
  const candidates = readModel<CandidateDoc>(documents, 'candidates');
  const clients = readModel<ClientDoc & { contacts?: ClientContact[] }>(documents, 'clients');
  const jobs = readModel<JobDoc>(documents, 'jobs');

  const allContacts = () => {
    const load = async () => {
      const list = await clients().find({ fields: ['companyName', 'contacts'] });
      return list.flatMap((c) => (c.contacts ?? []).map((contact) => ({ contact, clientId: Number(c.id), companyName: c.companyName })));
    };
    return cache ? cache.get('search:contacts', load) : load();
  };

  async function searchCandidates(q: string, words: string[], limit: number): Promise<SearchResult[]> {
    const found = await candidates().find({
      search: q,
      limit: POOL,
      sort: [['createdAt', 'desc']],
      fields: ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'skills', 'location'],
    });
    const scored = found.flatMap((c): Array<Scored<SearchResult>> => {
      const title = `${c.firstName} ${c.lastName}`.trim();
      const score = scoreMatch(words, {
        primary: [title],
        secondary: [c.email, c.currentTitle, c.currentCompany, c.location, ...(c.skills ?? [])],
      });
      return score === null
        ? []
        : [
            {
              score,
              title,
              item: {
                kind: 'candidate',
                id: Number(c.id),
                title,
                subtitle: joined(c.currentTitle, c.currentCompany),
                url: `/candidates/${c.id}`,
              },
            },
          ];
    });
    return rank(scored, limit);
  }

  /** clients whose name has one of the words: their jobs are found by it with the job's own words ('acme cfo') */
  async function clientIdsByWord(words: string[]): Promise<number[]> {
    const found = await Promise.all(
      words.map((word) => clients().find({ search: word, limit: POOL, sort: [['createdAt', 'desc']], fields: ['companyName'] })),
    );
    return distinctIds(found.flat().map((c) => Number(c.id)));
  }

  async function searchClients(q: string, words: string[], limit: number): Promise<SearchResult[]> {
    const found = await clients().find({ search: q, limit: POOL, sort: [['createdAt', 'desc']], fields: ['companyName', 'industry'] });
    const scored = found.flatMap((c): Array<Scored<SearchResult>> => {
      const score = scoreMatch(words, { primary: [c.companyName], secondary: [c.industry] });
      return score === null
        ? []
        : [
            {
              score,
              title: c.companyName,
              item: { kind: 'client', id: Number(c.id), title: c.companyName, subtitle: joined(c.industry), url: `/clients/${c.id}` },
            },
          ];
    });
    return rank(scored, limit);
  }

  async function searchJobs(q: string, words: string[], clientIds: number[], limit: number): Promise<SearchResult[]> {
    const fields = ['title', 'department', 'location', 'clientId'];
    const [own, ofClients] = await Promise.all([
      jobs().find({ search: q, limit: POOL, sort: [['createdAt', 'desc']], fields }),
      // a job is found by its client's name too
      clientIds.length > 0
        ? jobs().find({ where: { clientId: { $in: clientIds } }, limit: POOL, sort: [['createdAt', 'desc']], fields })
        : Promise.resolve([]),
    ]);
    const list = [...byId([...own, ...ofClients]).values()];
    const clientMap = byId(await clients().getMany(distinctIds(list.map((j) => j.clientId)), { fields: ['companyName'] }));
    const scored = list.flatMap((j): Array<Scored<SearchResult>> => {
      const client = j.clientId !== null ? (clientMap.get(j.clientId)?.companyName ?? null) : null;
      const score = scoreMatch(words, { primary: [j.title], secondary: [client, j.department, j.location] });
      return score === null
        ? []
        : [
            {
              score,
              title: j.title,
              item: { kind: 'job', id: Number(j.id), title: j.title, subtitle: joined(client, j.department), url: `/jobs/${j.id}` },
            },
          ];
    });
    return rank(scored, limit);
  }

  async function searchContacts(words: string[], limit: number): Promise<SearchResult[]> {
    const scored = (await allContacts()).flatMap(({ contact, clientId, companyName }): Array<Scored<SearchResult>> => {
      const score = scoreMatch(words, { primary: [contact.name], secondary: [contact.email, companyName] });
      return score === null
        ? []
        : [
            {
              score,
              title: contact.name,
              item: {
                kind: 'contact',
                id: contact.id,
                title: contact.name,
                subtitle: joined(contact.title, companyName),
                url: `/clients/${clientId}`,
              },
            },
          ];
    });
    return rank(scored, limit);
  }

  return {
    async globalSearch(query: { q: string; limit?: number | undefined }): Promise<SearchResponse> {
      const q = query.q.trim();
      const words = searchWords(q);
      const perKind = Math.min(query.limit ?? SEARCH_PER_KIND_LIMIT, SEARCH_TOTAL_LIMIT);
      const [candidateResults, clientResults, contactResults, jobResults] = await Promise.all([
        searchCandidates(q, words, perKind),
        searchClients(q, words, perKind),
        searchContacts(words, perKind),
        clientIdsByWord(words).then((clientIds) => searchJobs(q, words, clientIds, perKind)),
      ]);
      const groups = capGroups([candidateResults, clientResults, jobResults, contactResults], SEARCH_TOTAL_LIMIT);
      return { query: q, results: groups.flat() };
    },
  };
}
