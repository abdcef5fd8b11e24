import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

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
    let pathname: string;
    try {
      // the raw target, not new URL(): that would resolve '..' and re-encode before we look
      pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!.split('#')[0]!);
    } catch {
      // a malformed %-escape (e.g. /%ff): URIError must not escape a request handler
      return badRequest(res, 'The request path contains a malformed %-escape.');
    }
    if (pathname.includes('\0')) return badRequest(res, 'The request path contains a NUL character.');
    if (!available) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`The web app is not built (${index} missing). Run npm start, which builds it.`);
      return;
    }
    let path = normalize(join(base, pathname));
    if (path !== base && !path.startsWith(base + sep)) path = index;
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
    // a file that vanishes mid-read must end this reply, not the process (an unhandled 'error')
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

function badRequest(res: ServerResponse, detail: string) {
  res.writeHead(400, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
  res.end(
    JSON.stringify({ type: 'https://ats.example/problems/bad-request', title: 'Bad Request', status: 400, detail, code: 'bad_request' }),
  );
}
