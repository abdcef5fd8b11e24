import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { ImportService } from '../imports/service';
import { callOf } from './call';

/** CSV import: upload, preview with a mapping, start (progress is read from the import's stream). */
export function importRoutes(router: Router, imports: ImportService, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.uploadImport, ({ ctx, user, body }) => imports.upload(callOf(ctx, user).metadata.actor, body), opts);
  bindContract(router, contracts.previewImport, ({ params, body, user }) => imports.preview(params.id, user, body.mapping), opts);
  bindContract(
    router,
    contracts.startImport,
    ({ ctx, user, params, body }) => imports.start(params.id, callOf(ctx, user).metadata.actor, body),
    opts,
  );
}
