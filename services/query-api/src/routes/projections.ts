import type Router from '@koa/router';
import { contracts } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { ProjectionAdmin } from '@ats/projector';

/** GET /api/admin/projections: each read model's checkpoint, lag, state, version and dead letters (admins only). */
export function projectionHealthRoutes(router: Router, admin: Pick<ProjectionAdmin, 'overview'>, opts: { validateResponses?: boolean }) {
  bindContract(router, contracts.projectionsOverview, () => admin.overview(), opts);
}
