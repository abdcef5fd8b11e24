import { extractPdfText, isPdf } from '@ats/ai';
import { listZipEntries, readZipEntry } from './zip';

/** Resume files the candidate detail accepts (SPEC §5), recognised by their bytes, not their names. */
export type DocumentKind = 'pdf' | 'docx' | 'doc';

export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function detectDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (isPdf(bytes)) return 'pdf';
  if (startsWith(bytes, OLE)) return 'doc';
  if (startsWith(bytes, ZIP)) return listZipEntries(bytes)?.some((e) => e.name === 'word/document.xml') ? 'docx' : null;
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          Number.parseInt(e[1] === 'x' || e[1] === 'X' ? e.slice(2) : e.slice(1), e[1] === 'x' || e[1] === 'X' ? 16 : 10),
        )
      : (ENTITIES[e] ?? m),
  );

/** The text of word/document.xml: paragraphs become lines, tabs and breaks are kept, tags dropped. */
export function docxText(bytes: Uint8Array): string | null {
  const entry = listZipEntries(bytes)?.find((e) => e.name === 'word/document.xml');
  const xml = entry ? readZipEntry(bytes, entry)?.toString('utf8') : null;
  if (!xml) return null;
  const text = decodeEntities(
    xml
      .replace(/<w:tab\/>/g, '\t')
      .replace(/<w:(br|cr)\/>/g, '\n')
      .replace(/<\/w:p>/g, '\n')
      // not /<[^>]+>/: on a run of '<' without '>' that retries from every '<' (quadratic)
      .replace(/<[^<>]+>/g, ''),
  );
  return tidy(text);
}

/**
 * Legacy .doc (OLE compound file): the text is stored as runs of UTF-16LE or 8-bit characters
 * among binary structures. Keep runs of printable characters that look like words.
 */
export function docText(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const runs: string[] = [];
  const printable = (c: number) => (c >= 0x20 && c < 0x7f) || c === 0x0d || c === 0x0a || c === 0x09 || (c >= 0xa0 && c <= 0xff);
  // UTF-16LE runs (Word 97+ stores most text this way)
  let current = '';
  for (let i = 0; i + 1 < buf.length; i += 2) {
    const c = buf[i]! | (buf[i + 1]! << 8);
    if (c < 0x100 && printable(c)) current += String.fromCharCode(c === 0x0d ? 0x0a : c);
    else {
      if (current.length >= 8 && /[A-Za-z]{3}/.test(current)) runs.push(current);
      current = '';
    }
  }
  if (current.length >= 8 && /[A-Za-z]{3}/.test(current)) runs.push(current);
  if (runs.join('').length < 40) {
    // 8-bit text (older or "compressed" documents)
    for (const m of buf.toString('latin1').matchAll(/[\x20-\x7e\r\n\t\xa0-\xff]{8,}/g))
      // the shortest form of 'a word, space, a word' ({3,} would rescan long letter runs from every start)
      if (/[A-Za-z]{3}\s+[A-Za-z]{2}/.test(m[0])) runs.push(m[0].replace(/\r/g, '\n'));
  }
  return tidy(runs.join('\n'));
}

function tidy(text: string): string | null {
  const out = text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return out.length > 0 ? out : null;
}

/** The longest resume text kept on the candidate (the file itself stays in the blob store). */
export const MAX_RESUME_TEXT = 200_000;

/** Extracted text, or null when none could be read (a scanned PDF, a damaged file). */
export async function extractDocumentText(kind: DocumentKind, bytes: Uint8Array): Promise<string | null> {
  let text: string | null;
  try {
    if (kind === 'pdf') text = (await extractPdfText(bytes)).text || null;
    else if (kind === 'docx') text = docxText(bytes);
    else text = docText(bytes);
  } catch {
    text = null;
  }
  return text ? storable(text).slice(0, MAX_RESUME_TEXT) || null : null;
}

/** PostgreSQL text cannot hold NUL or unpaired surrogates: drop them from extracted text. */
export const storable = (text: string) =>
  text.replaceAll('\u0000', '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
