import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import {
  addClientContact,
  createClient,
  deleteClient,
  deleteClientContact,
  restoreClient,
  restoreClientContact,
  updateClient,
} from '../domain/clients/handlers';
import type { Deps } from '../domain/context';
import { callOf } from './call';

export function clientRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.createClient, ({ ctx, user, body }) => createClient(deps, callOf(ctx, user), body), opts);
  bindContract(
    router,
    contracts.updateClient,
    ({ ctx, user, params, body }) => updateClient(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(router, contracts.deleteClient, ({ ctx, user, params }) => deleteClient(deps, callOf(ctx, user), params.id), opts);
  bindContract(router, contracts.restoreClient, ({ ctx, user, params }) => restoreClient(deps, callOf(ctx, user), params.id), opts);
  bindContract(
    router,
    contracts.restoreClientContact,
    ({ ctx, user, params }) => restoreClientContact(deps, callOf(ctx, user), params.id),
    opts,
  );
  bindContract(
    router,
    contracts.addClientContact,
    ({ ctx, user, params, body }) => addClientContact(deps, callOf(ctx, user), params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.deleteClientContact,
    ({ ctx, user, params }) => deleteClientContact(deps, callOf(ctx, user), params.id),
    opts,
  );
}
