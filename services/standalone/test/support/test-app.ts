import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { registerUser } from '@ats/command-api';
import { createLogger, silentLogger } from '@ats/http-kit';
import type { Role } from '@ats/contracts';
import { startStandalone, type Standalone } from '../../src/server';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');
export const PASSWORD = 'correct-horse-battery';

/** The standalone app on an in-memory PGlite store, on a random port, replies checked against contracts. */
export async function startTestApp(): Promise<Standalone> {
  return startStandalone({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret',
    webDir: join(REPO_ROOT, 'web', 'dist'),
    log: process.env.ATS_TEST_LOG ? createLogger({ service: 'test' }, 'debug') : silentLogger,
    validateResponses: true,
  });
}

export async function createUser(app: Standalone, role: Role, firstName = role[0]!.toUpperCase() + role.slice(1), lastName = 'Tester') {
  const email = `${role}-${randomUUID().slice(0, 8)}@agency.example`;
  await registerUser(app.commandApi.deps, { correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } }, {
    email,
    password: PASSWORD,
    firstName,
    lastName,
    role,
  });
  return { email, password: PASSWORD, name: `${firstName} ${lastName}` };
}

/** A tiny cookie-keeping HTTP client, like a browser tab of one user. */
export class Client {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(this.cookie ? { Cookie: this.cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length > 0) {
      const jar = new Map(this.cookie ? this.cookie.split('; ').map((c) => [c.split('=')[0]!, c] as const) : []);
      for (const c of setCookies) {
        const pair = c.split(';')[0]!;
        jar.set(pair.split('=')[0]!, pair);
      }
      this.cookie = [...jar.values()].filter((c) => !c.endsWith('=')).join('; ');
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  async login(email: string, password: string) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 204) throw new Error(`login failed: ${res.status} ${res.text}`);
    return this;
  }
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
