import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { EventStore } from '@ats/storage';
import { ValidationError, problemMiddleware, sameOriginOnly, type Auth, type Logger } from '@ats/http-kit';
import type { Deps } from './domain/context';
import { createIdAllocator } from './ids';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { candidateRoutes } from './routes/candidates';
import { clientRoutes } from './routes/clients';
import { jobRoutes } from './routes/jobs';
import { scheduleRoutes } from './routes/schedule';
import { userRoutes } from './routes/users';

export interface CommandApiOptions {
  eventStore: EventStore;
  auth: Auth;
  log: Logger;
  /** check every reply against its contract (tests) */
  validateResponses?: boolean;
}

/** The write side: validates, authorises, decides and appends. It never writes read models. */
export function createCommandApi(options: CommandApiOptions) {
  const deps: Deps = { eventStore: options.eventStore, allocateId: createIdAllocator(options.eventStore), accounts: options.auth.accounts, sessions: options.auth.sessions };
  const app = new Koa({ proxy: true });
  const router = new Router();
  const opts = { validateResponses: options.validateResponses ?? false };

  authRoutes(router, options.auth);
  candidateRoutes(router, deps, opts);
  clientRoutes(router, deps, opts);
  jobRoutes(router, deps, opts);
  applicationRoutes(router, deps, opts);
  scheduleRoutes(router, deps, opts);
  userRoutes(router, deps, opts);

  app.use(problemMiddleware(options.log));
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: 'command-api', head: await options.eventStore.headPosition() };
      return;
    }
    await next();
  });
  app.use(sameOriginOnly());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '15mb',
      onError: () => {
        throw new ValidationError([{ path: '', message: 'Malformed JSON body' }]);
      },
    }),
  );
  options.auth.install(app);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, deps };
}
export type CommandApi = ReturnType<typeof createCommandApi>;
