import { describe, expect, it } from 'vitest';
import { layoutText, type PdfTextItem } from '../src/documents/pdf-layout';

const item = (str: string, x: number, y: number, width: number, size = 10): PdfTextItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
});

describe('PDF text from positions', () => {
  it('keeps a right-aligned date apart from the title it shares a line with (a tab)', () => {
    const text = layoutText([item('Chief Financial Officer', 50, 700, 120), item('Jan 2019 – Present', 480, 700, 80)]);
    expect(text).toBe('Chief Financial Officer\tJan 2019 – Present');
  });

  it('closes up letter-spaced text and keeps its word break', () => {
    // Chromium: tracked words as items of single letters and spaces, the word gap a separate item
    expect(layoutText([item('A I S H A', 196, 797, 97, 20), item(' ', 294, 797, 28, 20), item('R A H M A N', 315, 797, 134, 20)])).toBe(
      'AISHA RAHMAN',
    );
    // pdf-lib: one item per glyph; the word gap is clearly wider than the letter spacing
    const glyphs = [...'ADA']
      .map((c, i) => item(c, 50 + i * 12, 700, 7, 17))
      .concat([...'KING'].map((c, i) => item(c, 100 + i * 12, 700, 7, 17)));
    expect(layoutText(glyphs)).toBe('ADA KING');
  });

  it('reads lines top to bottom in drawing order and starts a paragraph after a larger step', () => {
    const text = layoutText([item('Ada Lovelace', 50, 800, 80, 20), item('London', 50, 770, 40), item('Experience', 50, 720, 60)]);
    expect(text).toBe('Ada Lovelace\nLondon\n\nExperience');
  });

  it('joins items of one word without inventing a space, and words with one', () => {
    expect(
      layoutText([item('Head of', 50, 700, 36), item('Data', 88, 700, 20), item('Sci', 111, 700, 14), item('ence', 125, 700, 20)]),
    ).toBe('Head of Data Science');
  });
});
