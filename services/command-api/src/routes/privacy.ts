import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { anonymiseCandidate, eraseCandidate, eraseClientContact } from '../domain/privacy/handlers';
import { callOf } from './call';

/** Erasure of a candidate or a contact (admins; GDPR Art. 17). */
export function privacyRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.eraseCandidate,
    ({ ctx, user, params, body }) => eraseCandidate(deps, callOf(ctx, user), params.id, body.reason),
    opts,
  );
  bindContract(
    router,
    contracts.eraseClientContact,
    ({ ctx, user, params, body }) => eraseClientContact(deps, callOf(ctx, user), params.id, body.reason),
    opts,
  );
  bindContract(
    router,
    contracts.anonymiseCandidate,
    ({ ctx, user, params, body }) => anonymiseCandidate(deps, callOf(ctx, user), params.id, body.reason),
    opts,
  );
}
