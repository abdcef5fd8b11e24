import { describe, expect, it } from 'vitest';
import { jsonTextScrubber } from '../src/document-store/sql-scrub';

/** The erasure purge as MongoDB runs it (in JavaScript over each document's JSON). */
describe('jsonTextScrubber', () => {
  const scrub = jsonTextScrubber({ anywhere: ['Ada Lovelace', 'ada@example.com'], wholeValues: ['Ada', 'Lovelace'] })!;
  const run = (doc: unknown) => {
    const out = scrub(JSON.stringify(doc));
    return out === null ? null : JSON.parse(out);
  };

  it("replaces the person's values in a document about them, whole names included, case-insensitively", () => {
    expect(run({ firstName: 'Ada', lastName: 'Lovelace', email: 'ADA@example.com', title: 'Note on Ada Lovelace today' })).toEqual({
      firstName: '[erased]',
      lastName: '[erased]',
      email: '[erased]',
      title: 'Note on [erased] today',
    });
  });

  it("leaves another person's document alone, even one sharing the first name", () => {
    expect(run({ firstName: 'Ada', lastName: 'Byron', email: 'byron@example.com' })).toBeNull();
  });

  it('looks for nothing without needles', () => {
    expect(jsonTextScrubber({ anywhere: [], wholeValues: ['Ada'] })).toBeNull();
  });
});
