import { docxPackage, escapeXmlText as esc } from '../support/zip-writer';
import type { EvalResume } from './load';

/**
 * DOCX versions of an evaluation resume from two WordprocessingML writers that build documents
 * the way two common producers do (no DOCX writer package installs here: `docx` 9.x needs
 * nanoid 6, i.e. Node ≥ 22):
 * - `word`: Word's shape — one run per line, a right tab stop for right-aligned dates, a real
 *   table (w:tbl) for cells, the sidebar as the left cell of a two-column layout table, tracked
 *   text as character spacing (w:spacing), blank lines as empty paragraphs.
 * - `gdocs`: Google Docs' export shape — runs split at every word with their own properties,
 *   bookmarks and proofing marks between runs, the contact block joined into one paragraph with
 *   soft line breaks (w:br), cells as a table, the sidebar written after the main column.
 */
export type DocxProducer = 'word' | 'gdocs';
export const DOCX_PRODUCERS: readonly DocxProducer[] = ['word', 'gdocs'];

function run(text: string, props = ''): string {
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

/** One evaluation line as Word writes it. */
function wordParagraph(line: string, first: boolean): string {
  if (line.trim() === '') return '<w:p/>';
  const spaced = line.startsWith('~');
  const text = spaced ? line.slice(1) : line;
  const props = [first ? '<w:b/><w:sz w:val="40"/>' : '', spaced ? '<w:spacing w:val="60"/>' : ''].join('');
  if (text.includes(' >> ')) {
    const [left, right] = text.split(' >> ');
    return `<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="9000"/></w:tabs></w:pPr>${run(left!, props)}<w:r><w:tab/></w:r>${run(right!)}</w:p>`;
  }
  return `<w:p>${run(text, props)}</w:p>`;
}

function table(rows: string[][], paragraph: (text: string) => string): string {
  const cols = Math.max(...rows.map((r) => r.length));
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${'<w:gridCol w:w="2400"/>'.repeat(cols)}</w:tblGrid>${rows
    .map(
      (cells) =>
        `<w:tr>${cells.map((c) => `<w:tc><w:tcPr><w:tcW w:w="2400" w:type="dxa"/></w:tcPr>${paragraph(c)}</w:tc>`).join('')}</w:tr>`,
    )
    .join('')}</w:tbl>`;
}

/** Lines with their `||` rows grouped into tables. */
function blocks(lines: readonly string[], paragraph: (line: string, index: number) => string, cell: (text: string) => string): string {
  const out: string[] = [];
  let rows: string[][] = [];
  const flush = () => {
    if (rows.length) out.push(table(rows, cell));
    rows = [];
  };
  lines.forEach((line, i) => {
    if (line.includes(' || ')) rows.push(line.replace(/^~/, '').split(' || '));
    else {
      flush();
      out.push(paragraph(line, i));
    }
  });
  flush();
  return out.join('');
}

function split(r: EvalResume): { side: string[]; main: string[] } {
  const start = r.lines.indexOf('[side]');
  const end = r.lines.indexOf('[/side]');
  if (start < 0) return { side: [], main: [...r.lines] };
  return { side: r.lines.slice(start + 1, end), main: [...r.lines.slice(0, start), ...r.lines.slice(end + 1)] };
}

function wordBody(r: EvalResume): string {
  const { side, main } = split(r);
  const cell = (t: string) => `<w:p>${run(t)}</w:p>`;
  const column = (lines: string[]) => blocks(lines, (l, i) => wordParagraph(l, i === 0), cell) || '<w:p/>';
  if (side.length === 0) return column(main);
  // a sidebar: a borderless two-column layout table, the sidebar in the left cell
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders><w:top w:val="nil"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="6500"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:shd w:fill="EEF2F6"/></w:tcPr>${column(side)}</w:tc><w:tc><w:tcPr><w:tcW w:w="6500" w:type="dxa"/></w:tcPr>${column(main)}</w:tc></w:tr></w:tbl><w:p/>`;
}

/** Google Docs: every word its own run, a bookmark and a proofing mark here and there. */
function gdocsRuns(text: string, first: boolean): string {
  const words = text.split(/(?<= )/);
  return words
    .map((w, i) => {
      const props = `<w:rFonts w:ascii="Arial" w:hAnsi="Arial"/>${first ? '<w:b/><w:sz w:val="36"/>' : '<w:sz w:val="21"/>'}`;
      const mark =
        i === 1
          ? `<w:bookmarkStart w:id="${i}" w:name="_gjdgxs"/><w:bookmarkEnd w:id="${i}"/>`
          : i === 2
            ? '<w:proofErr w:type="spellStart"/>'
            : '';
      return `${mark}${run(w, props)}`;
    })
    .join('');
}

function gdocsBody(r: EvalResume): string {
  const { side, main } = split(r);
  const lines = [...main, ...(side.length ? ['', ...side] : [])];
  const out: string[] = [];
  const cell = (t: string) => `<w:p>${gdocsRuns(t, false)}</w:p>`;
  // the lines before the first blank or heading-like line after the name: one paragraph with soft breaks
  let i = 0;
  const head: string[] = [];
  while (i < lines.length && lines[i]!.trim() !== '' && !lines[i]!.includes(' || ') && head.length < 4) head.push(lines[i++]!);
  if (head.length) {
    out.push(`<w:p>${gdocsRuns(head[0]!.replace(/^~/, ''), true)}</w:p>`);
    if (head.length > 1)
      out.push(
        `<w:p>${head
          .slice(1)
          .map((l) => gdocsRuns(l.replace(/^~/, '').replace(/ >> /g, '\t'), false))
          .join('<w:r><w:br/></w:r>')}</w:p>`,
      );
  }
  out.push(
    blocks(
      lines.slice(i),
      (line) => {
        if (line.trim() === '') return '<w:p><w:pPr><w:spacing w:after="120"/></w:pPr></w:p>';
        const text = line.replace(/^~/, '');
        if (!text.includes(' >> ')) return `<w:p>${gdocsRuns(text, false)}</w:p>`;
        const [left, right] = text.split(' >> ');
        return `<w:p>${gdocsRuns(left!, false)}<w:r><w:tab/></w:r>${gdocsRuns(right!, false)}</w:p>`;
      },
      cell,
    ),
  );
  return out.join('');
}

export function docxResume(r: EvalResume, producer: DocxProducer): Buffer {
  const body = producer === 'word' ? wordBody(r) : gdocsBody(r);
  return docxPackage(body);
}
