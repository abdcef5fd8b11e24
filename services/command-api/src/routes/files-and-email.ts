import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { contracts, RESUME_MESSAGES } from '@ats/contracts';
import { bindContract } from '@ats/http-kit';
import type { Deps } from '../domain/context';
import { uploadResume } from '../domain/candidates/resume';
import { sendCandidateEmail, sendContactEmail, sendEmail } from '../domain/communications/email';
import { PayloadTooLargeError } from '../domain/shared/errors';
import { callOf } from './call';

/** Paths of GET routes served by the command-api (they need its adapters); proxies send them here. */
export const COMMAND_SIDE_GET_PATHS: readonly string[] = [contracts.testEmail.path, contracts.listBackups.path];

/** The contract caps the data URL; over it the answer is the spec's 413, not a 400. */
const FILE_DATA_MAX = 14_500_000;

export function resumeAndEmailRoutes(router: Router, deps: Deps, opts: { validateResponses?: boolean }) {
  router.post(contracts.uploadResume.path, async (ctx: Context, next: Next) => {
    const body = (ctx.request as unknown as { body?: { fileData?: unknown } }).body;
    if (ctx.state.user && typeof body?.fileData === 'string' && body.fileData.length > FILE_DATA_MAX)
      throw new PayloadTooLargeError(RESUME_MESSAGES.tooLarge);
    await next();
  });
  bindContract(
    router,
    contracts.uploadResume,
    ({ ctx, user, params, body }) => uploadResume(deps, callOf(ctx, user), params.id, body),
    opts,
  );

  bindContract(
    router,
    contracts.sendCandidateEmail,
    ({ ctx, user, params, body }) => sendCandidateEmail(deps, callOf(ctx, user), user, params.id, body),
    opts,
  );
  bindContract(
    router,
    contracts.sendContactEmail,
    ({ ctx, user, params, body }) => sendContactEmail(deps, callOf(ctx, user), user, params.id, body),
    opts,
  );
  bindContract(router, contracts.sendEmail, ({ ctx, user, body }) => sendEmail(deps, callOf(ctx, user), user, body), opts);
  bindContract(
    router,
    contracts.testEmail,
    async () => ({
      ...(await deps.integrations.mail.check()),
      ...(deps.integrations.teamName ? { senderTeam: deps.integrations.teamName } : {}),
    }),
    opts,
  );
}
