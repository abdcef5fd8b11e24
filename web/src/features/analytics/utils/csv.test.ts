import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes the labels, then the rows; quotes what needs quoting; empty for null', () => {
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
