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

/** The encodings the build writes beside a file (`file.br`, `file.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a request's Accept-Encoding allows (an explicit q=0 refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the built SPA: hashed assets cached forever, every other path falls back to index.html.
 * A file the build precompressed (`node scripts/build.mjs` writes `.br` and `.gz` beside each
 * text file) goes out in the best encoding the browser accepts, with `Vary: Accept-Encoding`;
 * files that are not hashed (index.html, boot.js) carry an ETag, so a reload revalidates them
 * with a 304 instead of fetching them again.
 */
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
    const type = TYPES[extname(file)];
    const headers: Record<string, string | number> = {
      'Content-Type': type ?? 'application/octet-stream',
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    };
    let body = file;
    // only text types have precompressed variants (fonts and images are compressed already)
    if (type && !type.startsWith('font/') && !type.startsWith('image/png')) {
      headers['Vary'] = 'Accept-Encoding';
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      for (const encoding of ENCODINGS) {
        if (!accepted.has(encoding.name) || !isFile(file + encoding.suffix)) continue;
        body = file + encoding.suffix;
        headers['Content-Encoding'] = encoding.name;
        break;
      }
    }
    let size: number;
    try {
      size = statSync(body).size;
      if (!hashed) {
        // of the file itself, weak: the same content in another encoding has the same tag
        const stat = statSync(file);
        const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
        headers['ETag'] = etag;
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers);
          return res.end();
        }
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end('Not found');
    }
    headers['Content-Length'] = size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    // a file that vanishes mid-read must end this reply, not the process (an unhandled 'error')
    createReadStream(body)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function badRequest(res: ServerResponse, detail: string) {
  res.writeHead(400, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
  res.end(
    JSON.stringify({ type: 'https://ats.example/problems/bad-request', title: 'Bad Request', status: 400, detail, code: 'bad_request' }),
  );
}
