import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { loadDemoData, registerUser } from '@ats/command-api';
import { silentLogger } from '@ats/http-kit';
import type { Role } from '@ats/contracts';
import { startStandalone, type Standalone } from '@ats/standalone';

export const PASSWORD = 'e2e-password-123';

/** The real standalone server (embedded PGlite in memory) serving the built SPA. */
export const WEB_DIST = join(import.meta.dirname, '..', '..', 'dist');

export async function startServer(): Promise<Standalone> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`The web app is not built (${WEB_DIST}); npm test builds it first.`);
  return startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    sessionSecret: 'e2e-session-secret-e2e-session-secret',
    webDir: WEB_DIST,
    log: silentLogger,
  });
}

export async function addUser(app: Standalone, role: Role, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 6)}@agency.example`;
  const { userId } = await registerUser(
    app.commandApi.deps,
    { correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } },
    { email, password: PASSWORD, firstName, lastName, role },
  );
  return { email, password: PASSWORD, userId, name: `${firstName} ${lastName}` };
}

/**
 * The demo agency, loaded by commands as on first start, and waited for. The months of history
 * (past searches by the demo recruiters) only with `history: true`: the suites written before it
 * count the current searches' records (40 candidates, 48 cards on the board).
 */
export async function loadDemo(app: Standalone, actor: { userId: string; name: string }, options: { history?: boolean } = {}) {
  await loadDemoData(app.commandApi.deps, { id: actor.userId, name: actor.name, role: 'admin' }, undefined, {
    history: options.history ?? false,
  });
  await app.projector.waitFor(await app.eventStore.headPosition(), 20_000);
}

/**
 * A journey's world: the real server with an admin (Alex Admin) who loaded the demo agency, and
 * Chromium. `history: true` as `npm start` loads it (see loadDemo). Close it with `closeWorld`.
 */
export async function startAdminDemo(options: { history?: boolean } = {}) {
  const app = await startServer();
  const browser = await launchBrowser();
  const admin = await addUser(app, 'admin', 'Alex', 'Admin');
  await loadDemo(app, admin, options);
  return { app, browser, admin };
}

export async function closeWorld(world: { app?: Standalone; browser?: Browser }) {
  await world.browser?.close();
  await world.app?.close();
}

/**
 * The usual world of a browser suite: the real server with the demo agency, Chromium, and two
 * signed-up users — Ann Lee (recruiter) and Ben Stone (manager). Registers its own hooks.
 */
export function useTwoUserWorld() {
  const world = {} as {
    app: Standalone;
    browser: Browser;
    ann: Awaited<ReturnType<typeof addUser>>;
    ben: Awaited<ReturnType<typeof addUser>>;
  };
  beforeAll(async () => {
    world.app = await startServer();
    world.browser = await launchBrowser();
    world.ann = await addUser(world.app, 'recruiter', 'Ann', 'Lee');
    world.ben = await addUser(world.app, 'manager', 'Ben', 'Stone');
    await loadDemo(world.app, world.ann);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.app?.close();
  });
  return world;
}
