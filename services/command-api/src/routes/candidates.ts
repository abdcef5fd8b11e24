import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import { deleteCandidate, registerCandidate, restoreCandidate, updateCandidate } from '../domain/candidates/handlers';
import type { Deps } from '../domain/context';
import { addNote } from '../domain/notes/handlers';
import { callOf } from './call';

export function candidateRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.createCandidate, ({ ctx, user, body }) => registerCandidate(deps, callOf(ctx, user), body), opts);
  bindContract(
    router,
    contracts.updateCandidate,
    ({ ctx, user, params, body }) => updateCandidate(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(router, contracts.deleteCandidate, ({ ctx, user, params }) => deleteCandidate(deps, callOf(ctx, user), params.id), opts);
  bindContract(router, contracts.restoreCandidate, ({ ctx, user, params }) => restoreCandidate(deps, callOf(ctx, user), params.id), opts);
  bindContract(
    router,
    contracts.addCandidateNote,
    ({ ctx, user, params, body }) => addNote(deps, callOf(ctx, user), params.id, body.content),
    opts,
  );
}
