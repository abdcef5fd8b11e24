/**
 * Drill: the REAL reverse proxy. nginx runs deploy/nginx.conf (upstream addresses, the web root
 * and its own pid/log/temp paths substituted) in front of a command-api, a projector and TWO
 * query-api processes on PostgreSQL + Redis, on a port that is not 80. Through it: a write with
 * the browser's Origin passes the origin check, ten Socket.IO clients (long-polling first, as
 * browsers start) connect and hear a change, and Chromium signs in and sees a live change.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestSchema, type TestSchema } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';
import { freePort, ROOT, TSX } from './support/harness';
import { browserSkipReason, launchBrowser, newContext, signIn } from '../web/e2e/support/browser';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const WEB_DIST = join(ROOT, 'web', 'dist');
const reason = !existsSync(NGINX)
  ? `nginx not found at ${NGINX} (apt-get install -y nginx)`
  : !DATABASE_URL
    ? 'DATABASE_URL is not set'
    : !REDIS_URL
      ? 'REDIS_URL is not set'
      : null;
if (reason) console.warn(`[skip] reverse-proxy drill (nginx in front of the services): ${reason}`);

async function waitHealthy(url: string, proc: ChildProcess, output: () => string, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} not healthy in time:\n${output()}`);
}

/** deploy/nginx.conf as a whole nginx.conf for a user-run nginx on loopback. */
function proxyConfig(options: { dir: string; port: number; command: number; queries: number[]; webRoot: string }): string {
  const site = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const queries = options.queries.map((p) => `server 127.0.0.1:${p};`).join(' ');
  const replaced = site
    .replaceAll('server query-api:3002;', queries)
    .replaceAll('server command-api:3001;', `server 127.0.0.1:${options.command};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${options.port};`)
    .replaceAll('/usr/share/nginx/html', options.webRoot);
  const expected: [string, string][] = [
    ['server query-api:3002;', 'query-api upstream'],
    ['server command-api:3001;', 'command-api upstream'],
    ['listen 80;', 'listen'],
  ];
  for (const [from, what] of expected)
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf has no ${what} line ("${from}") to substitute`);
  const temp = (name: string) => join(options.dir, name);
  // started as root, nginx runs its workers as `nobody`, who cannot read a web root under a
  // private (0700) temp dir such as a mktemp clone: keep the workers as the user running the drill
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${replaced}
}
`;
}

describe.skipIf(reason !== null)('reverse proxy: nginx with deploy/nginx.conf in front of two query-api instances', () => {
  const procs: ChildProcess[] = [];
  let schema: TestSchema;
  let proxy: string;
  let commandUrl: string;
  const admin = { email: 'admin@proxy.example', password: 'proxy-drill-password' };

  async function start(command: string, args: string[], env: Record<string, string>, healthUrl: string | null) {
    let out = '';
    const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    procs.push(proc);
    if (healthUrl) await waitHealthy(healthUrl, proc, () => out);
    return { proc, output: () => out };
  }

  const service = (name: string, port: number, extra: Record<string, string> = {}) =>
    start(
      TSX,
      [join(ROOT, 'services', name, 'src', 'main.ts')],
      {
        DATABASE_URL: schema.url,
        REDIS_URL: REDIS_URL!,
        CHANGES_CHANNEL: `ats:test:${schema.schema}`,
        SESSION_SECRET: 'proxy-drill-session-secret',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        SECURE_COOKIES: 'auto',
        ...extra,
      },
      `http://127.0.0.1:${port}`,
    );

  beforeAll(async () => {
    schema = await createTestSchema(DATABASE_URL!, 'proxy');
    const [pc, pp, pa, pb, pn] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    await service('command-api', pc, { ATS_ADMIN_EMAIL: admin.email, ATS_ADMIN_PASSWORD: admin.password });
    await Promise.all([service('projector', pp), service('query-api', pa), service('query-api', pb)]);
    commandUrl = `http://127.0.0.1:${pc}`;

    const dir = mkdtempSync(join(tmpdir(), 'ats-nginx-'));
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
    let webRoot = WEB_DIST;
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      webRoot = join(dir, 'html');
      mkdirSync(webRoot);
      writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>TalentFlow</title>');
    }
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, proxyConfig({ dir, port: pn, command: pc, queries: [pa, pb], webRoot }));
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, '-g', 'daemon off;'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
    proxy = `http://localhost:${pn}`;
    await start(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {}, proxy);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGTERM');
            setTimeout(() => p.kill('SIGKILL'), 3000).unref();
          }),
      ),
    );
    await schema?.drop();
  });

  it('a write through the proxy with the browser Origin (host:port) is accepted, a foreign Origin is not', async () => {
    const client = await new Client(proxy).login(admin.email, admin.password);
    const ok = await client.post('/api/clients', { companyName: 'Through The Proxy' }, { Origin: proxy, 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status, ok.text).toBe(201);
    const foreign = await client.post('/api/clients', { companyName: 'Nope' }, { Origin: 'http://evil.invalid' });
    expect(foreign.status).toBe(403);
    const otherPort = await client.post('/api/clients', { companyName: 'Nope' }, { Origin: 'http://localhost:1' });
    expect(otherPort.status).toBe(403);
  });

  it('ten Socket.IO clients (polling first) all connect through the proxy and hear a change', async () => {
    const writer = await new Client(proxy).login(admin.email, admin.password);
    const sockets: Socket[] = [];
    try {
      const heard: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        const socket = connect(proxy, {
          path: '/socket.io',
          transports: ['polling', 'websocket'],
          extraHeaders: { Cookie: writer.cookie },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`client ${i}: ${error.message}`)));
        });
        await new Promise<void>((resolve) => socket.emit('join', 'clients', () => resolve()));
        heard.push(new Promise((resolve) => socket.once('changed', resolve)));
      }
      const res = await writer.post('/api/clients', { companyName: 'Heard By Ten' }, { Origin: proxy });
      expect(res.status).toBe(201);
      await Promise.all(
        heard.map((p) => Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error('no change heard')), 10_000))])),
      );
      expect(sockets.every((s) => s.connected)).toBe(true);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it.skipIf(browserSkipReason !== null || !existsSync(join(WEB_DIST, 'index.html')))(
    'Chromium signs in through the proxy and sees a change made past it, live',
    async () => {
      const browser = await launchBrowser();
      try {
        const context = await newContext(browser, proxy);
        const page = await context.newPage();
        await signIn(page, admin.email, admin.password);
        await page.goto('/clients');
        await page.getByText('Through The Proxy').first().waitFor();
        // a write straight to the command-api (not through the proxy): the notice reaches the
        // browser's query-api instance over Redis
        const direct = await new Client(commandUrl).login(admin.email, admin.password);
        expect((await direct.post('/api/clients', { companyName: 'Live Past The Proxy' })).status).toBe(201);
        await page.getByText('Live Past The Proxy').first().waitFor({ timeout: 10_000 });
        await context.close();
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
