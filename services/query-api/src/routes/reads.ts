import type Router from '@koa/router';
import { contracts, messages } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';
import type { Queries } from '../read-models/queries';

export function readRoutes(router: Router, queries: Queries, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.listCandidates, ({ query }) => queries.listCandidates(query.search), opts);
  bindContract(
    router,
    contracts.getCandidate,
    async ({ params }) => {
      const candidate = await queries.getCandidate(params.id);
      if (!candidate) throw new DomainError(404, 'not_found', 'Not Found', messages.candidateNotFound);
      return candidate;
    },
    opts,
  );
  bindContract(router, contracts.listCandidateNotes, ({ params }) => queries.listNotes(params.id), opts);
  bindContract(router, contracts.listCandidateJobs, ({ params }) => queries.listCandidateJobs(params.id), opts);
  bindContract(router, contracts.listClients, ({ query }) => queries.listClients(query.search), opts);
  bindContract(router, contracts.listJobs, ({ query }) => queries.listJobs(query.search), opts);
  bindContract(
    router,
    contracts.listApplications,
    ({ query }) => queries.listApplications({ search: query.search, jobId: query.job && query.job !== 'all' ? Number(query.job) : undefined }),
    opts,
  );
  bindContract(router, contracts.recentActivities, ({ query }) => queries.recentActivities(query.limit), opts);
}
