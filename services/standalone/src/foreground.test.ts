import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createForegroundRequests } from './foreground';

/** a real HTTP server whose replies the test ends by hand */
async function serve() {
  const foreground = createForegroundRequests();
  const open: ServerResponse[] = [];
  const arrived: Array<() => void> = [];
  const server = createServer((_req, res) => {
    foreground.track(res);
    open.push(res);
    arrived.shift()?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const send = () => {
    const req = request({ port, host: '127.0.0.1', path: '/api/x', method: 'POST', agent: false });
    const done = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    req.end();
    return { req, done };
  };
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  return { server, foreground, open, send, nextArrival };
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('foreground requests (what an import waits for)', () => {
  it('is idle at once with no request under way', async () => {
    const { foreground, server: s } = await serve();
    server = s;
    const t = performance.now();
    await foreground.whenIdle(1000);
    expect(performance.now() - t).toBeLessThan(50);
    expect(foreground.inFlight).toBe(0);
  });

  it('waits for a request under way to end, then wakes', async () => {
    const { foreground, open, send, nextArrival, server: s } = await serve();
    server = s;
    const arrival = nextArrival();
    const { done } = send();
    await arrival;
    expect(foreground.inFlight).toBe(1);
    expect(foreground.ended).toBe(0); // counted when it ends, after whatever it wrote
    let idle = false;
    const waiting = foreground.whenIdle(5000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(idle).toBe(false); // the reply has not ended
    const t = performance.now();
    open[0]!.end('ok');
    await waiting;
    expect(performance.now() - t).toBeLessThan(1000);
    expect(await done).toBe(200);
    expect(foreground.inFlight).toBe(0);
    expect(foreground.ended).toBe(1);
  });

  it('goes on after maxMs when a request lasts longer, and counts a dropped connection as ended', async () => {
    const { foreground, send, nextArrival, server: s } = await serve();
    server = s;
    const arrival = nextArrival();
    const { req, done } = send();
    done.catch(() => undefined);
    await arrival;
    const t = performance.now();
    await foreground.whenIdle(60);
    expect(performance.now() - t).toBeGreaterThanOrEqual(55);
    expect(foreground.inFlight).toBe(1);
    req.destroy(); // the client goes away before the reply
    for (let i = 0; i < 100 && foreground.inFlight > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(foreground.inFlight).toBe(0);
    expect(foreground.ended).toBe(1); // once, though both 'close' and (maybe) 'finish' fire
  });
});
