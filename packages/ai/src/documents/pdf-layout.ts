/** A pdf.js text item: its string and its text matrix (x, y at [4], [5]; the font size in [0..3]). */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
}

interface Run {
  text: string;
  /** a tracked (letter-spaced) item closed up: its word gaps are wide by design */
  spaced: boolean;
  x: number;
  end: number;
  size: number;
}

const LETTER_SPACED = /^[\p{L}'’-](?: [\p{L}'’-]){2,}$/u;

/**
 * Text of one page rebuilt from positions, in the order the page was drawn (a sidebar drawn
 * first is read first): items on one baseline form a line, sorted by x; a wide gap between two
 * items becomes a tab (a right-aligned date, a table cell), a narrow one a space; tracked
 * (letter-spaced) text is closed up ("A I S H A" → "AISHA") with its word gaps kept; a larger
 * step down starts a new paragraph (a blank line).
 */
export function layoutText(items: readonly PdfTextItem[]): string {
  const lines: Array<{ y: number; size: number; runs: Run[] }> = [];
  for (const item of items) {
    if (!item.str || item.str.trim() === '' || !Array.isArray(item.transform)) continue;
    const [a = 0, b = 0, , d = 0, x = 0, y = 0] = item.transform;
    const size = Math.max(1, Math.hypot(a, b) || Math.abs(d));
    const spaced = LETTER_SPACED.test(item.str.trim());
    const text = spaced ? item.str.trim().replace(/ /g, '') : item.str;
    const run = { text, spaced, x, end: x + Math.max(0, item.width), size };
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - y) < Math.min(last.size, size) * 0.5) last.runs.push(run);
    else lines.push({ y, size, runs: [run] });
  }
  const out: string[] = [];
  let previous: { y: number; size: number } | null = null;
  for (const line of lines) {
    if (previous && previous.y - line.y > Math.max(previous.size, line.size) * 1.75) out.push('');
    out.push(joinRuns(line.runs.sort((p, q) => p.x - q.x)));
    previous = line;
  }
  return out.join('\n');
}

function joinRuns(runs: Run[]): string {
  const singles = runs.filter((r) => r.text.trim().length === 1).length;
  // glyph-by-glyph text: the smallest gap is the letter spacing, a clearly larger one a word break
  const gaps = runs.slice(1).map((r, i) => r.x - runs[i]!.end);
  const tracked = runs.length >= 4 && singles >= runs.length * 0.8;
  const letterGap = tracked ? Math.max(0, Math.min(...gaps)) : 0;
  let text = runs[0]!.text;
  for (let i = 1; i < runs.length; i++) {
    const run = runs[i]!;
    const gap = gaps[i - 1]!;
    const size = Math.min(run.size, runs[i - 1]!.size);
    if (tracked) text += gap > letterGap * 1.8 + size * 0.1 ? ` ${run.text}` : run.text;
    else if (run.spaced && runs[i - 1]!.spaced && gap < size * 3) text += ` ${run.text}`;
    else if (gap > size * 0.8) text += `\t${run.text.trimStart()}`;
    else if (gap > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ` ${run.text}`;
    else text += run.text;
  }
  return text.replace(/[^\S\t]+/g, ' ').trim();
}
