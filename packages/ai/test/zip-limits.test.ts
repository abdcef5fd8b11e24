import { describe, expect, it } from 'vitest';
import { listZipEntries, readDocumentTextForTest } from './support/zip-fixture';

describe('DOCX zip limits', () => {
  it('lists a normal document and refuses a directory of more than 2,000 entries', () => {
    const normal = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`word/media/image${i}.png`, 'x']));
    expect(listZipEntries({ 'word/document.xml': '<w:document/>', ...normal })?.length).toBe(31);
    const many = Object.fromEntries(Array.from({ length: 2_001 }, (_, i) => [`f${i}`, '']));
    expect(listZipEntries(many)).toBeNull();
  });

  it('a document whose text cannot be inflated is unreadable (the parse upload answers 400), not empty', async () => {
    expect(
      await readDocumentTextForTest({
        'word/document.xml': '<w:document><w:body><w:p><w:r><w:t>Ada</w:t></w:r></w:p></w:body></w:document>',
      }),
    ).toEqual({
      status: 'ok',
      text: 'Ada',
    });
    const damaged = await readDocumentTextForTest({ 'word/document.xml': 'x'.repeat(200) }, (data) => data.fill(0xff));
    expect(damaged.status).toBe('unreadable');
  });
});
