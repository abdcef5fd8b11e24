import { describe, expect, it } from 'vitest';
import { LANDING_TITLE, documentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('names the record, then its screen, then the app', () => {
    expect(documentTitle('Ada Lovelace', 'Candidates')).toBe('Ada Lovelace · Candidates · TalentFlow');
    expect(documentTitle('Pipeline')).toBe('Pipeline · TalentFlow');
  });

  it('skips parts that are not known yet (a record still loading)', () => {
    expect(documentTitle(undefined, 'Clients')).toBe('Clients · TalentFlow');
    expect(documentTitle('  ', null, 'Clients')).toBe('Clients · TalentFlow');
  });

  it('gives the landing title without parts', () => {
    expect(documentTitle()).toBe(LANDING_TITLE);
  });
});
