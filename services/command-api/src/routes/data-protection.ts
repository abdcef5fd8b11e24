import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import { mergeCandidates, unmergeCandidates } from '../domain/candidates/merge-handlers';
import type { Deps } from '../domain/context';
import { extendRetention, recordConsent, setRetentionPolicy } from '../domain/privacy/retention-handlers';
import { callOf } from './call';

/** Merge and unmerge, consent, the retention policy and its review actions. */
export function dataProtectionRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.mergeCandidates,
    ({ ctx, user, params, body }) => mergeCandidates(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.unmergeCandidates,
    ({ ctx, user, params, body }) => unmergeCandidates(deps, callOf(ctx, user), params.id, body.absorbedId),
    opts,
  );
  bindContract(
    router,
    contracts.recordConsent,
    ({ ctx, user, params, body }) => recordConsent(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.setRetentionPolicy,
    ({ ctx, user, body }) => setRetentionPolicy(deps, callOf(ctx, user), body.months),
    opts,
  );
  bindContract(router, contracts.extendRetention, ({ ctx, user, body }) => extendRetention(deps, callOf(ctx, user), body), opts);
}
