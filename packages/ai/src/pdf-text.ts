import { PDFParse } from 'pdf-parse';

/** The bytes really are a PDF (magic number `%PDF-`), whatever the file name says. */
export const isPdf = (bytes: Uint8Array) => bytes.length > 4 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Extracts the text of a PDF with pdf-parse; throws on a broken or non-PDF file. */
export async function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  if (!isPdf(bytes)) throw new Error('Not a PDF file');
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    // pdf-parse marks page breaks with "-- n of m --" lines; they are not resume content
    const text = result.text.replace(/^\s*--\s*\d+\s+of\s+\d+\s*--\s*$/gm, '').trim();
    return { text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
