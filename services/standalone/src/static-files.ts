import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves the built SPA: hashed assets cached forever, every other path falls back to index.html. */
export function createStaticHandler(root: string) {
  const base = resolve(root);
  const index = join(base, 'index.html');
  const available = existsSync(index);
  return function serve(req: IncomingMessage, res: ServerResponse) {
    if (!available) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`The web app is not built (${index} missing). Run npm start, which builds it.`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(join(base, decodeURIComponent(url.pathname)));
    if (!path.startsWith(base)) path = index;
    let file = path;
    try {
      if (!statSync(file).isFile()) file = index;
    } catch {
      file = index;
    }
    const hashed = file.includes(`${join(base, 'assets')}`);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
}
