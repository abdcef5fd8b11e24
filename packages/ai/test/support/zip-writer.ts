import { crc32, deflateRawSync } from 'node:zlib';

/** One ZIP entry as written: its stored bytes, how they are stored and what the headers claim. */
export interface ZipEntry {
  name: string;
  /** The bytes written after the local header (already deflated when `method` is 8). */
  data: Buffer;
  /** 8 = deflate, 0 = stored. */
  method: 0 | 8;
  /** The uncompressed size the headers declare (a bomb lies here). */
  size: number;
  /** The CRC-32 the headers declare (0 when the reader under test does not check it). */
  crc: number;
}

/** A ZIP archive of the given entries, exactly as described: no validation, so tests can lie. */
export function zipEntries(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, method, size, crc } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export interface ZipOptions {
  /** 8 = deflate (default), 0 = stored. */
  method?: 0 | 8;
  /** May change each entry's stored bytes in place (a damaged archive). */
  damage?: (data: Buffer) => void;
}

/** A well-formed ZIP of name → text content. */
export function zipFiles(files: Record<string, string>, { method = 8, damage }: ZipOptions = {}): Buffer {
  return zipEntries(
    Object.entries(files).map(([name, content]) => {
      const raw = Buffer.from(content, 'utf8');
      const data = method === 8 ? deflateRawSync(raw) : Buffer.from(raw);
      damage?.(data);
      return { name, data, method, size: raw.length, crc: crc32(raw) };
    }),
  );
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const WORD_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A DOCX package around a WordprocessingML body (the XML inside `<w:body>`). */
export function docxPackage(body: string): Buffer {
  return zipFiles({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${WORD_NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
  });
}

/** XML-escaped text for a `<w:t>`. */
export const escapeXmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain DOCX: one paragraph with one run per entry. */
export function docxFromParagraphs(paragraphs: readonly string[]): Buffer {
  return docxPackage(paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXmlText(p)}</w:t></w:r></w:p>`).join(''));
}
