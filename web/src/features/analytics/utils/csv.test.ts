import { describe, expect, it } from 'vitest';
import { csvField, toCsv, toCsvRows } from './csv';

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
      toCsvRows(
        ['Source', 'Placed'],
        [
          ['Referral', 2],
          ['Job board', 0],
        ],
      ),
    ).toBe('Source,Placed\r\nReferral,2\r\nJob board,0\r\n');
  });

  it('writes a table by its columns: the labels, then the rows; empty for null', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Client' },
        { key: 'n', label: 'Placements' },
      ],
      [
        { name: 'Acme, Inc.', n: 2 },
        { name: 'Say "hi"', n: null },
      ],
    );
    expect(csv).toBe('Client,Placements\r\n"Acme, Inc.",2\r\n"Say ""hi""",\r\n');
  });
});
