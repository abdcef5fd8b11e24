import { describe, expect, it } from 'vitest';
import { docText, docxText, listZipEntries } from '@ats/ai';
import { zipFiles } from '@ats/ai/testing';
import { detectDocumentKind, extractDocumentText } from '../src/files/documents';
import { canonicalJson } from '../src/domain/ai/run-analysis';

const zip = (files: Record<string, string>, method: 0 | 8 = 8) => zipFiles(files, { method });

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
