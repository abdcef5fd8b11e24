import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { createCommandApi, registerUser, type CommandApi } from '@ats/command-api';
import { LOGIN_LIMITS, createAuth, createRedisRateLimitStore, silentLogger } from '@ats/http-kit';
import { createQueryApi, createSocketServer } from '@ats/query-api';
import { createRedisChangeBus, createTestSchema, openStorage, type Storage, type TestSchema } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] scaled-out sign-in counters and socket logout (PostgreSQL + Redis): ${reason}`);

const SECRET = 'scaled-out-test-session-secret';
const PASSWORD = 'scaled-out-password';

/**
 * Two command-api and two query-api instances in this process, each with its own store
 * connection, Redis connections, counters and change bus, as separately started services
 * would have: whatever they share, they share through PostgreSQL and Redis.
 */
describe.skipIf(reason !== null)('scaled out on PostgreSQL + Redis', () => {
  let schema: TestSchema;
  const closers: Array<() => Promise<unknown>> = [];
  const channel = `ats:test:${randomBytes(4).toString('hex')}`;
  const prefix = `ats:test:rl:${randomBytes(4).toString('hex')}`;
  const commandUrls: string[] = [];
  const queryUrls: string[] = [];
  let command: CommandApi;
  let email: string;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const openStore = async () => {
    const storage: Storage = await openStorage({ kind: 'postgres', url: schema.url });
    closers.push(() => storage.close());
    return storage;
  };
  const redisClient = async () => {
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    closers.push(() => client.quit());
    return client;
  };
  const bus = async () => {
    const b = await createRedisChangeBus(REDIS_URL!, { channel });
    closers.push(() => b.close());
    return b;
  };

  async function startCommandApi() {
    const storage = await openStore();
    const auth = createAuth({
      documents: storage.documentStore,
      sessionSecret: SECRET,
      secureCookies: false,
      rateLimits: await createRedisRateLimitStore(await redisClient(), { prefix }),
      bus: await bus(),
    });
    await auth.init();
    const api = createCommandApi({ eventStore: storage.eventStore, auth, log: silentLogger, documents: storage.documentStore });
    commandUrls.push(await listen(createServer(api.app.callback())));
    return api;
  }

  async function startQueryApi() {
    const storage = await openStore();
    const changes = await bus();
    const auth = createAuth({ documents: storage.documentStore, sessionSecret: SECRET, secureCookies: false, bus: changes });
    await auth.init();
    const api = createQueryApi({ documents: storage.documentStore, bus: changes, auth, log: silentLogger });
    const server = createServer(api.app.callback());
    const [pub, sub] = [await redisClient(), await redisClient()];
    const sockets = createSocketServer({
      httpServer: server,
      app: api.app,
      auth,
      bus: changes,
      log: silentLogger,
      adapter: createAdapter(pub, sub, { key: `${channel}:sio` }),
      documents: storage.documentStore,
    });
    await sockets.start();
    closers.push(() => sockets.stop());
    queryUrls.push(await listen(server));
  }

  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!, 'scale');
    command = await startCommandApi();
    await startCommandApi();
    await startQueryApi();
    await startQueryApi();
    email = `owner.${randomUUID().slice(0, 8)}@agency.example`;
    await registerUser(
      command.deps,
      { correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } },
      { email, password: PASSWORD, firstName: 'Olga', lastName: 'Owner', role: 'recruiter' },
    );
  }, 90_000);

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    await schema?.drop();
  });

  it('shares the sign-in counters between two command-api instances', async () => {
    const guess = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email, password: 'wrong-password' });
        const u = new URL('/api/auth/login', url);
        const req = request(
          {
            host: u.hostname,
            port: u.port,
            path: u.pathname,
            method: 'POST',
            localAddress: '127.0.0.9',
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(commandUrls[i % 2]!)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountClient.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_LIMITS.accountClient.points);
  });

  it('a logout on one query-api instance ends the session’s socket on the other', async () => {
    const user = await new Client(commandUrls[1]!).login(email, PASSWORD);
    const socket: Socket = connect(queryUrls[1]!, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: user.cookie },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => (socket.on('connect', () => resolve()), socket.on('connect_error', reject)));
    const closed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open a second after logout')), 1000);
      socket.on('disconnect', (why) => (clearTimeout(timer), resolve(why)));
    });
    const onA = Object.assign(new Client(queryUrls[0]!), { cookie: user.cookie });
    expect((await onA.get('/api/logout')).status).toBe(302);
    expect(await closed).toBe('io server disconnect');
    socket.close();
  });
});
