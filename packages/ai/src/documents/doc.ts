import { MAX_RESUME_TEXT } from './limits';
import { tidy } from './tidy';

/**
 * Legacy .doc (OLE compound file): the text is stored as runs of UTF-16LE or 8-bit characters
 * among binary structures. Keep runs of printable characters that look like words. A byte-run
 * reader rather than a full Word parser: it never allocates more than the file and the kept
 * text, and it reads damaged files too (see the README for why not word-extractor).
 */
export function docText(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const runs: string[] = [];
  let kept = 0;
  const keep = (run: string) => {
    runs.push(run);
    kept += run.length;
  };
  const printable = (c: number) => (c >= 0x20 && c < 0x7f) || c === 0x0d || c === 0x0a || c === 0x09 || (c >= 0xa0 && c <= 0xff);
  // UTF-16LE runs (Word 97+ stores most text this way); runs are collected as char codes, not by +=
  let current: number[] = [];
  const endRun = () => {
    if (current.length >= 8) {
      const run = Buffer.from(current).toString('latin1');
      if (/[A-Za-z]{3}/.test(run)) keep(run);
    }
    current = [];
  };
  for (let i = 0; i + 1 < buf.length && kept < MAX_RESUME_TEXT; i += 2) {
    const c = buf[i]! | (buf[i + 1]! << 8);
    if (c < 0x100 && printable(c)) {
      if (current.length < MAX_RESUME_TEXT) current.push(c === 0x0d ? 0x0a : c);
    } else endRun();
  }
  endRun();
  if (runs.join('').length < 40) {
    // 8-bit text (older or "compressed" documents)
    for (const m of buf.toString('latin1').matchAll(/[\x20-\x7e\r\n\t\xa0-\xff]{8,}/g)) {
      if (kept >= MAX_RESUME_TEXT) break;
      if (/[A-Za-z]{3}\s+[A-Za-z]{2}/.test(m[0])) keep(m[0].replace(/\r/g, '\n'));
    }
  }
  return tidy(runs.join('\n').slice(0, MAX_RESUME_TEXT));
}
