import { layoutText, type PdfTextItem } from './documents/pdf-layout';

let pdfParse: Promise<typeof import('pdf-parse')> | null = null;

/**
 * pdf-parse, loaded on the first PDF. Its pdf.js build installs core-js polyfills, among them a
 * JSON.parse replacement for the whole process (Node 20 lacks JSON.parse source access), which
 * put a JavaScript wrapper in front of every JSON read the server makes; the native one is put
 * back once the module has loaded (pdf.js does not need it).
 */
function loadPdfParse(): Promise<typeof import('pdf-parse')> {
  pdfParse ??= (async () => {
    const nativeParse = JSON.parse;
    try {
      return await import('pdf-parse');
    } finally {
      JSON.parse = nativeParse;
    }
  })();
  return pdfParse;
}

/** The bytes really are a PDF (magic number `%PDF-`), whatever the file name says. */
export const isPdf = (bytes: Uint8Array) => bytes.length > 4 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

const PAGE_MARK = /^--\s*\d+\s+of\s+\d+\s*--$/;

interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }>; cleanup(): void }>;
}

/**
 * Extracts the text of a PDF: pdf.js text items (through pdf-parse) laid out by their positions
 * (lines, tab-separated cells and right-aligned dates, letter-spacing closed up); throws on a
 * broken or non-PDF file. Falls back to pdf-parse's own text if its document handle changes.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  if (!isPdf(bytes)) throw new Error('Not a PDF file');
  const { PDFParse } = await loadPdfParse();
  const parser = new PDFParse({ data: bytes });
  try {
    // pdf-parse 2.4 keeps the pdf.js document behind load(); its getText() loses the gaps between items
    const load = (parser as unknown as { load?: () => Promise<PdfDocument> }).load;
    if (typeof load === 'function') {
      const doc = await load.call(parser);
      const pages: string[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        pages.push(layoutText((await page.getTextContent()).items as PdfTextItem[]));
        page.cleanup();
      }
      return { text: pages.join('\n\n').trim(), pages: doc.numPages };
    }
    const result = await parser.getText();
    // pdf-parse marks page breaks with "-- n of m --" lines; they are not resume content
    const text = result.text
      .split('\n')
      .filter((line) => !PAGE_MARK.test(line.trim()))
      .join('\n')
      .trim();
    return { text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
