import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { docText, docxText, listZipEntries } from '@ats/ai';
import { detectDocumentKind, extractDocumentText } from '../src/files/documents';
import { canonicalJson } from '../src/domain/ai/run-analysis';

/** A ZIP with one entry per file (method 8 = deflate, 0 = stored); CRCs are not checked by the reader. */
function zip(files: Record<string, string>, method: 0 | 8 = 8): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const raw = Buffer.from(content);
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(n.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(raw.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    central.push(c, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

const docXml = (body: string) => `<w:document xmlns:w="x"><w:body>${body}</w:body></w:document>`;

describe('resume files by magic bytes', () => {
  it('tells PDF, DOCX and DOC apart whatever the name says, and refuses the rest', () => {
    expect(detectDocumentKind(Buffer.from('%PDF-1.7 ...'))).toBe('pdf');
    expect(detectDocumentKind(zip({ 'word/document.xml': docXml('') }))).toBe('docx');
    expect(detectDocumentKind(zip({ 'xl/workbook.xml': '<x/>' }))).toBeNull();
    expect(detectDocumentKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('doc');
    expect(detectDocumentKind(Buffer.from('plain text'))).toBeNull();
    expect(detectDocumentKind(Buffer.from('PK\x03\x04 but not a zip'))).toBeNull();
  });

  it('reads DOCX paragraphs, tabs, breaks and entities, deflated or stored', () => {
    const body = docXml(
      '<w:p><w:r><w:t>Ada Lovelace</w:t></w:r></w:p><w:p><w:r><w:t>CTO</w:t><w:tab/><w:t>R&amp;D &#8212; Engines</w:t><w:br/><w:t>London</w:t></w:r></w:p>',
    );
    for (const method of [8, 0] as const) {
      expect(docxText(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': body }, method))).toBe(
        'Ada Lovelace\nCTO R&D — Engines\nLondon',
      );
    }
    expect(listZipEntries(Buffer.from('no zip here at all, not even close'))).toBeNull();
  });

  it('reads the text runs of a legacy DOC', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(64),
      Buffer.from('Grace Hopper\rRear Admiral, US Navy\r', 'utf16le'),
      Buffer.from([1, 2, 3, 0xff]),
    ]);
    expect(docText(bytes)).toBe('Grace Hopper\nRear Admiral, US Navy');
  });

  it('gives null, not an error, for a damaged file (read in the worker pool)', { timeout: 30_000 }, async () => {
    expect(await extractDocumentText('pdf', Buffer.from('%PDF-1.4 broken'))).toBeNull();
    expect(await extractDocumentText('docx', Buffer.from('PK\x03\x04 broken'))).toBeNull();
  });
});

describe('canonical JSON (the AI input hash)', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
  });
});
