import type Router from '@koa/router';
import { contracts, messages } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';
import type { Queries } from '../read-models/queries';
import type { createResultCache } from '../read-models/result-cache';

const notFound = () => new DomainError(404, 'not_found', 'Not Found', messages.candidateNotFound);

/** Possible duplicates, merges, a candidate's privacy card, the retention policy and its review list. */
export function dataProtectionRoutes(
  router: Router,
  queries: Queries,
  opts: { validateResponses?: boolean; cache?: ReturnType<typeof createResultCache> },
) {
  // grouping every candidate's keys is linear in the candidates: remembered until the read models move
  const cached = <T>(key: string, compute: () => Promise<T>) => (opts.cache ? opts.cache.get(key, compute) : compute());
  bindContract(router, contracts.listDuplicates, () => cached('duplicates', () => queries.listDuplicates()), opts);
  bindContract(router, contracts.candidateDuplicates, ({ params }) => queries.candidateDuplicates(params.id), opts);
  bindContract(
    router,
    contracts.candidateMerges,
    async ({ params }) => {
      const merges = await queries.candidateMerges(params.id, new Date());
      if (!merges) throw notFound();
      return merges;
    },
    opts,
  );
  bindContract(
    router,
    contracts.getCandidatePrivacy,
    async ({ params }) => {
      const privacy = await queries.candidatePrivacy(params.id);
      if (!privacy) throw notFound();
      return privacy;
    },
    opts,
  );
  bindContract(router, contracts.getRetentionPolicy, () => queries.retentionPolicy(), opts);
  bindContract(router, contracts.listRetentionReview, () => queries.retentionReview(new Date()), opts);
}
