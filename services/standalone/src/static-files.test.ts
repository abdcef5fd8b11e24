import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, createStaticHandler } from './static-files';

const SCRIPT = 'export const answer = 42;\n'.repeat(50);
let dir: string;
let server: Server;
let port: number;

/** A raw request (no client-side decoding): the bytes and headers the server sent. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request({ port, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ats-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'plain-def456.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'font-1.woff2'), 'woff2');
  writeFileSync(join(dir, 'assets', 'font-1.woff2.gz'), 'not to be sent');
  server = createServer(createStaticHandler(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('static files: precompressed variants and caching', () => {
  it('sends the brotli variant when accepted, gzip otherwise, identity when neither is', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const refused = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(SCRIPT);
    const none = await get('/assets/app-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['vary']).toBe('Accept-Encoding');
    expect(none.body.toString()).toBe(SCRIPT);
  });

  it('sends a file without variants as it is, and never a variant of a font', async () => {
    const plain = await get('/assets/plain-def456.js', { 'Accept-Encoding': 'br, gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const font = await get('/assets/font-1.woff2', { 'Accept-Encoding': 'gzip' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.toString()).toBe('woff2');
  });

  it('revalidates index.html (no-cache) with a 304 for its ETag; a screen path gets the same file', async () => {
    const first = await get('/');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/candidates/12', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/candidates/12', { 'If-None-Match': 'W/"other"' })).body.toString()).toContain('<title>app</title>');
  });

  it('reads Accept-Encoding with q-values', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
