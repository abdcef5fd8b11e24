import { describe, expect, it } from 'vitest';
import { BULK_STATEMENT_CHARS, BULK_STATEMENT_DOCS, bulkChunks } from '../src/document-store/sql-document-store';

describe("a bulk write's statements", () => {
  it('carry every document once, in order, as [[key, doc], …]', () => {
    const docs = Array.from({ length: 2500 }, (_, i) => ({ id: i % 2 === 0 ? i : `d${i}`, n: i }));
    const chunks = [...bulkChunks(docs)];
    const parsed = chunks.map((chunk) => JSON.parse(chunk) as Array<[string, { id: number | string; n: number }]>);
    expect(parsed.map((c) => c.length)).toEqual([BULK_STATEMENT_DOCS, BULK_STATEMENT_DOCS, 500]);
    expect(parsed.flat()).toEqual(docs.map((doc) => [String(doc.id), doc]));
  });

  it('stay within the character bound however few documents they carry; a larger document goes alone', () => {
    const big = (id: number, chars: number) => ({ id, text: 'x'.repeat(chars) });
    // 200 documents of 40,000 characters (a job's health at 200k events): 8 MB by count alone
    const docs = Array.from({ length: 200 }, (_, i) => big(i, 40_000));
    const chunks = [...bulkChunks(docs)];
    expect(chunks.every((chunk) => chunk.length <= BULK_STATEMENT_CHARS)).toBe(true);
    expect(chunks.length).toBeGreaterThanOrEqual(8);
    expect(chunks.flatMap((chunk) => (JSON.parse(chunk) as Array<[string, unknown]>).map(([key]) => key))).toEqual(
      docs.map((doc) => String(doc.id)),
    );
    const alone = [...bulkChunks([big(1, 10), big(2, 50), big(3, 10)], 1000, 40)];
    expect(alone.map((chunk) => (JSON.parse(chunk) as unknown[]).length)).toEqual([1, 1, 1]);
    expect([...bulkChunks([])]).toEqual([]);
  });
});
