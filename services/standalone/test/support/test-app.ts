import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { registerUser } from '@ats/command-api';
import { createLogger, silentLogger } from '@ats/http-kit';
import type { Role } from '@ats/contracts';
import { startStandalone, type Standalone, type StandaloneOptions } from '../../src/server';
import { Client } from '@ats/http-kit/testing';

export { Client };

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');
export const PASSWORD = 'correct-horse-battery';

/**
 * The standalone app on an in-memory PGlite store, on a random port, replies checked against
 * contracts. `overrides` swaps adapters (AI engine, e-mail sender, blob dir).
 */
export async function startTestApp(
  overrides: Partial<Pick<StandaloneOptions, 'ai' | 'mail' | 'blobDir' | 'teamName' | 'accessLog' | 'backupDir'>> = {},
): Promise<Standalone> {
  return startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret',
    webDir: join(REPO_ROOT, 'web', 'dist'),
    log: process.env.ATS_TEST_LOG ? createLogger({ service: 'test' }, 'debug') : silentLogger,
    validateResponses: true,
    // the access log appends events a second after a read: off unless a test is about it, so
    // tests counting the events a command appended see only those
    accessLog: false,
    ...overrides,
  });
}

export async function createUser(app: Standalone, role: Role, firstName = role[0]!.toUpperCase() + role.slice(1), lastName = 'Tester') {
  const email = `${role}-${randomUUID().slice(0, 8)}@agency.example`;
  await registerUser(
    app.commandApi.deps,
    { correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } },
    {
      email,
      password: PASSWORD,
      firstName,
      lastName,
      role,
    },
  );
  return { email, password: PASSWORD, name: `${firstName} ${lastName}` };
}

export async function signedIn(app: Standalone, role: Role, firstName?: string) {
  const user = await createUser(app, role, firstName);
  const client = await new Client(app.url).login(user.email, user.password);
  return Object.assign(client, { user });
}

export const candidateBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada.${randomUUID().slice(0, 6)}@example.com`,
  currentTitle: 'Chief Technology Officer',
  currentCompany: 'Analytical Engines',
  location: 'London, UK',
  skills: ['Mathematics', ' Leadership ', ''],
  salaryExpectation: 320,
  ...overrides,
});
