#!/usr/bin/env node
/**
 * Checks an audit-log export (NDJSON from GET /api/audit/export) with no server and no
 * dependencies: plain Node.js 20+.
 *
 *   npm run verify-log -- export.ndjson [--public-key installation.pem]
 *
 * Exit 0 and "intact: N events, head …" when every check holds; exit 1 and the first broken
 * position when one does not; exit 2 when the file cannot be read.
 *
 * The checks (the server side is services/query-api/src/routes/audit.ts):
 * 1. every event's hash = SHA-256(prevHash ‖ RFC 8785 JSON of {position, stream, revision, type,
 *    data, metadata}): no byte of an event changed;
 * 2. positions strictly increase; where an event's prevHash is the previous line's hash the two
 *    are neighbours in the log. An unfiltered export (manifest `contiguous: true`) must link at
 *    every line, start from the genesis hash (64 zeros) and end at the log head it names;
 * 3. the manifest's exportHash (SHA-256 chained over the events' hashes, in order), count and
 *    first/last positions match the lines: no event was left out, added or moved, even between
 *    the gaps of a filtered export;
 * 4. the manifest's Ed25519 signature over its RFC 8785 JSON holds for the public key it names
 *    (and, with --public-key, that key is the installation's).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const GENESIS = '0'.repeat(64);

/** RFC 8785: sorted member names (UTF-16 code units), ECMAScript numbers and strings. */
function canonical(value) {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('non-finite number');
    return Object.is(value, -0) ? '0' : String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  if (typeof value === 'object') {
    return (
      '{' +
      Object.keys(value)
        .sort()
        .filter((key) => value[key] !== undefined)
        .map((key) => JSON.stringify(key) + ':' + canonical(value[key]))
        .join(',') +
      '}'
    );
  }
  throw new TypeError(`no JSON form for ${typeof value}`);
}

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

const fingerprint = (pem) => sha256(createPublicKey(pem).export({ type: 'spki', format: 'der' }));

function fail(position, reason) {
  process.stdout.write(`broken at position ${position ?? '?'}: ${reason}\n`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const keyAt = args.indexOf('--public-key');
  const pinnedKey = keyAt >= 0 ? readFileSync(args[keyAt + 1], 'utf8') : null;
  const file = args.find((arg, i) => !arg.startsWith('--') && (keyAt < 0 || i !== keyAt + 1));
  if (!file) {
    process.stderr.write('usage: npm run verify-log -- <export.ndjson> [--public-key key.pem]\n');
    process.exit(2);
  }

  let count = 0;
  let first = null;
  let last = null;
  let exportHash = GENESIS;
  let links = 0;
  let firstGap = null;
  let manifestLine = null;
  let lineNo = 0;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const text of lines) {
    lineNo += 1;
    if (text.trim() === '') continue;
    if (manifestLine) fail(last?.position, `line ${lineNo} comes after the manifest`);
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      fail(last?.position, `line ${lineNo} is not JSON`);
    }
    if (line.manifest) {
      manifestLine = line;
      continue;
    }
    const { position, stream, revision, type, data, metadata, prevHash, hash } = line;
    if (typeof position !== 'number' || typeof hash !== 'string' || typeof prevHash !== 'string')
      fail(position, 'the event has no position or hash');
    if (last && position <= last.position) fail(position, `positions go backwards after ${last.position}`);
    const expected = sha256(prevHash, canonical({ position, stream, revision, type, data: data ?? null, metadata }));
    if (expected !== hash) fail(position, 'its content does not match its hash');
    if (last) {
      if (prevHash === last.hash) links += 1;
      else firstGap ??= position;
    } else if (prevHash !== GENESIS) firstGap ??= position;
    exportHash = sha256(exportHash, hash);
    count += 1;
    first ??= position;
    last = { position, hash };
  }

  if (!manifestLine) fail(last ? last.position : null, 'the signed manifest line is missing (the file is cut short)');
  const { manifest, signature } = manifestLine;
  if (!verify(null, Buffer.from(canonical(manifest), 'utf8'), createPublicKey(manifest.publicKey), Buffer.from(signature ?? '', 'base64')))
    fail(manifest.lastPosition, 'the manifest signature is not valid');
  if (pinnedKey && fingerprint(pinnedKey) !== fingerprint(manifest.publicKey))
    fail(manifest.lastPosition, 'the manifest is signed with another key than the installation’s');
  // where the chain must link, the first gap names the position after a missing event
  if (manifest.contiguous) {
    if (firstGap !== null) fail(firstGap, 'the chain does not link to the event before it (an event is missing)');
    if (count > 0 && (manifest.logHeadPosition !== last.position || manifest.logHeadHash !== last.hash))
      fail(last.position, 'the export does not end at the log head the manifest names');
  }
  if (manifest.count !== count) fail(last?.position, `the manifest counts ${manifest.count} events, the file holds ${count}`);
  if (manifest.firstPosition !== first || manifest.lastPosition !== (last?.position ?? null))
    fail(first, `the manifest spans positions ${manifest.firstPosition}–${manifest.lastPosition}, the file ${first}–${last?.position}`);
  if (manifest.exportHash !== exportHash)
    fail(first, 'the events listed differ from those the manifest signs (an event was left out, added or moved)');

  const head = last ? last.hash : GENESIS;
  const span = last ? ` (positions ${first}–${last.position})` : '';
  const linkNote = manifest.contiguous
    ? 'a complete, unbroken chain'
    : `filtered export, ${links} of ${Math.max(0, count - 1)} neighbours linked`;
  process.stdout.write(
    `intact: ${count} events, head ${head}${span}; ${linkNote}; signed by key ${fingerprint(manifest.publicKey).slice(0, 16)}…\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`cannot verify: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
