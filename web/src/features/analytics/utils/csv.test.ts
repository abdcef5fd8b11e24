import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Orion, Inc.')).toBe('"Orion, Inc."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Source', 'Placed'],
        [
          ['Referral', 2],
          ['Job board', 0],
        ],
      ),
    ).toBe('Source,Placed\r\nReferral,2\r\nJob board,0\r\n');
  });
});
