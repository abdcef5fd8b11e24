import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { chromium, type Browser } from 'playwright-core';
import type { EvalResume } from './load';

/** The two PDF producers of the evaluation: Chromium printing HTML, and pdf-lib drawing text. */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isHeading = (l: string) => l.length < 40 && !/[\d@|>]/.test(l) && (l === l.toUpperCase() || l.split(' ').length <= 3);

function lineHtml(line: string, first: boolean): string {
  if (line.trim() === '') return '<div class="gap"></div>';
  const spaced = line.startsWith('~');
  const text = spaced ? line.slice(1) : line;
  const cls = [first ? 'name' : isHeading(text) ? 'h' : '', spaced ? 'ls' : ''].join(' ').trim();
  if (text.includes(' || '))
    return `<table><tr>${text
      .split(' || ')
      .map((c) => `<td>${esc(c)}</td>`)
      .join('')}</tr></table>`;
  if (text.includes(' >> '))
    return `<div class="row ${cls}">${text
      .split(' >> ')
      .map((c) => `<span>${esc(c)}</span>`)
      .join('')}</div>`;
  return `<div class="${cls}">${esc(text)}</div>`;
}

export function resumeHtml(r: EvalResume): string {
  const start = r.lines.indexOf('[side]');
  const end = r.lines.indexOf('[/side]');
  const side = start >= 0 ? r.lines.slice(start + 1, end) : [];
  const main = start >= 0 ? [...r.lines.slice(0, start), ...r.lines.slice(end + 1)] : r.lines;
  const block = (lines: string[]) => lines.map((l, i) => lineHtml(l, i === 0)).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; font-size: 10.5pt; margin: 0; color: #222; }
  .page { display: grid; grid-template-columns: ${side.length ? '190px 1fr' : '1fr'}; gap: 28px; padding: 36px 44px; }
  aside { background: #eef2f6; padding: 12px; }
  .name { font-size: 20pt; font-weight: 700; margin-bottom: 4px; }
  .h { font-weight: 700; margin-top: 8px; }
  .ls { letter-spacing: 0.35em; }
  .row { display: flex; justify-content: space-between; }
  .gap { height: 8px; }
  table { border-collapse: collapse; } td { padding: 1px 14px 1px 0; vertical-align: top; }
</style></head><body><div class="page">${side.length ? `<aside>${block(side)}</aside>` : ''}<main>${block(main)}</main></div></body></html>`;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

export async function withChromium<T>(fn: (print: (html: string) => Promise<Uint8Array>) => Promise<T>): Promise<T> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    return await fn(async (html) => {
      await page.setContent(html);
      return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
    });
  } finally {
    await browser.close();
  }
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const pdfLibFontAvailable = existsSync(FONT) && existsSync(BOLD);

/** pdf-lib: a sidebar at the left edge, right-aligned dates, letter-spaced names drawn glyph by glyph, table cells at fixed columns. */
export async function pdfLibResume(r: EvalResume): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(readFileSync(FONT), { subset: true });
  const bold = await doc.embedFont(readFileSync(BOLD), { subset: true });
  const page = doc.addPage([595, 842]);
  const start = r.lines.indexOf('[side]');
  const end = r.lines.indexOf('[/side]');
  const side = start >= 0 ? r.lines.slice(start + 1, end) : [];
  const main = start >= 0 ? [...r.lines.slice(0, start), ...r.lines.slice(end + 1)] : r.lines;
  if (side.length) page.drawRectangle({ x: 30, y: 30, width: 170, height: 782, color: rgb(0.93, 0.95, 0.97) });
  column(page, side, 40, 190, regular, bold);
  column(page, main, side.length ? 220 : 50, 555, regular, bold);
  return doc.save();
}

function column(page: PDFPage, lines: string[], x: number, right: number, regular: PDFFont, bold: PDFFont): void {
  let y = 800;
  lines.forEach((raw, i) => {
    if (raw.trim() === '') {
      y -= 7;
      return;
    }
    const spaced = raw.startsWith('~');
    const line = spaced ? raw.slice(1) : raw;
    const size = i === 0 ? 17 : 9.5;
    const font = i === 0 || isHeading(line) ? bold : regular;
    const color = rgb(0.1, 0.1, 0.15);
    if (spaced) {
      let cx = x;
      for (const ch of line) {
        page.drawText(ch, { x: cx, y, size, font, color });
        cx += font.widthOfTextAtSize(ch, size) + size * 0.35;
      }
    } else if (line.includes(' || ')) {
      line.split(' || ').forEach((cell, c) => page.drawText(cell, { x: x + c * 130, y, size, font, color }));
    } else if (line.includes(' >> ')) {
      const [left, ...rest] = line.split(' >> ');
      page.drawText(left!, { x, y, size, font, color });
      rest.forEach((part, k) => {
        const w = font.widthOfTextAtSize(part, size);
        const at = k === rest.length - 1 ? right - w : x + 170 + k * 120;
        page.drawText(part, { x: at, y, size, font, color });
      });
    } else {
      // wrap at the column's right edge, as a word processor would
      let current = '';
      for (const word of line.split(' ')) {
        const next = current ? `${current} ${word}` : word;
        if (current && font.widthOfTextAtSize(next, size) > right - x) {
          page.drawText(current, { x, y, size, font, color });
          y -= size + 3;
          current = word;
        } else current = next;
      }
      page.drawText(current, { x, y, size, font, color });
    }
    y -= size + 5;
  });
}
