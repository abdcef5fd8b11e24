import type Router from '@koa/router';
import { contracts, type ProjectionRebuild } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';

/** The projector's admin commands where it runs in this process (`createProjectionAdmin` in @ats/projector). */
export interface ProjectionCommands {
  rebuild(readModels?: readonly string[]): ProjectionRebuild;
  retry(id: string): Promise<ProjectionRebuild>;
  skip(id: string): Promise<{ id: string }>;
}

const elsewhere = () =>
  new DomainError(
    501,
    'projector_elsewhere',
    'Not Implemented',
    'The projector runs as its own service here: rebuild it there (it rebuilds read models whose version changed at start). This server can only show its health.',
  );

/** Rebuild, retry and skip (admins only); 501 when the projector is not in this process. */
export function projectionRoutes(router: Router, commands: ProjectionCommands | undefined, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.rebuildProjections,
    async ({ body }) => {
      if (!commands) throw elsewhere();
      return commands.rebuild(body.readModels);
    },
    opts,
  );
  bindContract(
    router,
    contracts.retryDeadLetter,
    async ({ params }) => {
      if (!commands) throw elsewhere();
      return commands.retry(params.id);
    },
    opts,
  );
  bindContract(
    router,
    contracts.skipDeadLetter,
    async ({ params }) => {
      if (!commands) throw elsewhere();
      return commands.skip(params.id);
    },
    opts,
  );
}
