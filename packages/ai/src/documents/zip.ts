import { inflateRawSync } from 'node:zlib';

/**
 * A minimal ZIP reader (enough for DOCX): lists entries from the central directory and reads one
 * stored or deflated entry. Kept instead of a general zip library because it can refuse a bomb
 * BEFORE inflating it: the declared size is checked against the cap and zlib stops at
 * `maxOutputLength`, so a 75 KB file can never become 50 MB in memory.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/**
 * Entries a document may hold: a DOCX has 10–30 (a few hundred with many images); a zip listing
 * tens of thousands is a bomb of another kind (every entry costs a directory walk) and is refused.
 */
export const MAX_ZIP_ENTRIES = 2_000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the central directory, or null when there is none readable (or more than MAX_ZIP_ENTRIES). */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 22) return null;
  // the end-of-central-directory record is in the last 22 + 65535 bytes (after an optional comment)
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  if (count > MAX_ZIP_ENTRIES) return null;
  let offset = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL) return null;
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    entries.push({
      method: buf.readUInt16LE(offset + 10),
      compressedSize: buf.readUInt32LE(offset + 20),
      uncompressedSize: buf.readUInt32LE(offset + 24),
      localHeaderOffset: buf.readUInt32LE(offset + 42),
      name: buf.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry that inflates (or says it inflates) past the cap: a bomb or a document too big to read. */
export class ZipEntryTooLargeError extends Error {
  override readonly name = 'ZipEntryTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The entry expands to more than ${maxBytes} bytes`);
  }
}

/** The entry's bytes, or null when it cannot be read; throws ZipEntryTooLargeError past `maxBytes`. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Buffer | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) return null;
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  // the declared size is only a hint (it can lie low), but a high one is refused without work
  if (entry.uncompressedSize > maxBytes) throw new ZipEntryTooLargeError(maxBytes);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipEntryTooLargeError(maxBytes);
    return Buffer.from(data);
  }
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipEntryTooLargeError(maxBytes);
    return null;
  }
}
