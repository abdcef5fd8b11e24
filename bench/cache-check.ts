/**
 * B8 HTTP caching of the built app, checked against the real standalone server: a hashed asset is
 * served `immutable` for a year; index.html and boot.js are `no-cache` with an ETag, and a
 * revalidation with that ETag gets a 304 without a body. `npx tsx bench/cache-check.ts` after
 * `node scripts/build.mjs`; prints each answer and exits non-zero on a miss.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../web/e2e/support/server';

const app = await startServer();
const misses: string[] = [];
try {
  const asset = readdirSync(join(import.meta.dirname, '..', 'web', 'dist', 'assets')).find((f) => /^index-.*\.js$/.test(f))!;
  for (const path of ['/', '/jobs/pipeline', '/boot.js', `/assets/${asset}`]) {
    const first = await fetch(`${app.url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const body = await first.arrayBuffer();
    const cacheControl = first.headers.get('cache-control') ?? '';
    const etag = first.headers.get('etag');
    const line = [
      `${path}: ${first.status}`,
      `Cache-Control: ${cacheControl}`,
      `Content-Encoding: ${first.headers.get('content-encoding')}`,
      `${body.byteLength} bytes decoded`,
    ];
    if (path.startsWith('/assets/')) {
      if (!/immutable/.test(cacheControl) || !/max-age=31536000/.test(cacheControl)) misses.push(`${path} is not cached immutable`);
    } else {
      if (!/no-cache/.test(cacheControl) || !etag) misses.push(`${path} has no no-cache + ETag`);
      else {
        const again = await fetch(`${app.url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag } });
        const rebody = await again.arrayBuffer();
        line.push(`revalidated: ${again.status}, ${rebody.byteLength} bytes`);
        if (again.status !== 304 || rebody.byteLength !== 0) misses.push(`${path}: revalidation gave ${again.status}`);
      }
    }
    process.stdout.write(`${line.join('; ')}\n`);
  }
} finally {
  await app.close();
}
if (misses.length) {
  process.stdout.write(`MISSES:\n${misses.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('caching: all as expected\n');
process.exit(0);
