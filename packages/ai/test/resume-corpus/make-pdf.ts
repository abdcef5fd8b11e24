import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** Renders lines to a one-page PDF: headings bold, the first line large, like a real resume. */
export async function makePdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  lines.forEach((line, i) => {
    if (line === '') {
      y -= 8;
      return;
    }
    const heading = i === 0 || (/^[A-Z][A-Za-z ]+$/.test(line) && line.split(' ').length <= 3);
    const size = i === 0 ? 20 : heading ? 12 : 10;
    page.drawText(line, { x: 50, y, size, font: heading ? bold : regular, color: rgb(0.1, 0.1, 0.15) });
    y -= size + 6;
  });
  return doc.save();
}
