import { MAX_DOCX_XML_BYTES, MAX_RESUME_TEXT, DocumentTooLargeError } from './limits';
import { listZipEntries, readZipEntry, ZipEntryTooLargeError } from './zip';
import { tidy } from './tidy';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntity(body: string): string | null {
  if (body[0] !== '#') return ENTITIES[body] ?? null;
  const hex = body[1] === 'x' || body[1] === 'X';
  const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

/** Tags that end a line or stand for a character; every other tag is dropped. */
const TAG_TEXT: Record<string, string> = { 'w:tab': '\t', 'w:br': '\n', 'w:cr': '\n', '/w:p': '\n' };

/**
 * The text of word/document.xml in ONE pass over the XML (no regex over the whole document):
 * paragraphs become lines, tabs and breaks are kept, entities decoded, tags dropped. Stops once
 * the text reaches the kept maximum, so millions of `&#65;` cost no more than the first 200 K.
 */
export function xmlToText(xml: string, maxText = MAX_RESUME_TEXT): string {
  const out: string[] = [];
  let length = 0;
  const push = (s: string) => {
    if (s.length === 0) return;
    out.push(s);
    length += s.length;
  };
  let i = 0;
  let textStart = 0;
  while (i < xml.length && length < maxText) {
    const c = xml.charCodeAt(i);
    if (c === 0x3c /* < */) {
      push(xml.slice(textStart, i));
      const gt = xml.indexOf('>', i);
      if (gt < 0) {
        textStart = xml.length;
        break;
      }
      let nameEnd = i + (xml.charCodeAt(i + 1) === 0x2f ? 2 : 1);
      while (nameEnd < gt && !' \t\r\n/'.includes(xml[nameEnd]!)) nameEnd++;
      const replacement = TAG_TEXT[xml.slice(i + 1, nameEnd)];
      if (replacement) push(replacement);
      i = textStart = gt + 1;
    } else if (c === 0x26 /* & */) {
      push(xml.slice(textStart, i));
      let semi = -1;
      for (let k = i + 1; k < Math.min(xml.length, i + 12); k++)
        if (xml.charCodeAt(k) === 0x3b) {
          semi = k;
          break;
        }
      const decoded = semi > 0 ? decodeEntity(xml.slice(i + 1, semi)) : null;
      push(decoded ?? '&');
      i = textStart = decoded === null ? i + 1 : semi + 1;
    } else i++;
  }
  if (length < maxText) push(xml.slice(textStart, i));
  return out.join('').slice(0, maxText);
}

/** The text of a DOCX, or null when it has none; throws DocumentTooLargeError on a bomb, an Error when damaged. */
export function docxText(bytes: Uint8Array): string | null {
  const entry = listZipEntries(bytes)?.find((e) => e.name === 'word/document.xml');
  if (!entry) return null;
  let xml: Buffer | null;
  try {
    xml = readZipEntry(bytes, entry, MAX_DOCX_XML_BYTES);
  } catch (error) {
    if (error instanceof ZipEntryTooLargeError)
      throw new DocumentTooLargeError(`The document expands to more than ${MAX_DOCX_XML_BYTES / 1024 / 1024} MB of XML.`);
    throw error;
  }
  // the directory names the entry but its data cannot be read (damaged deflate data, an unknown method)
  if (!xml) throw new Error('The Word document is damaged: its text (word/document.xml) cannot be read.');
  return tidy(xmlToText(xml.toString('utf8')));
}
