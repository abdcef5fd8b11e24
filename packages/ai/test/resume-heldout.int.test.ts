import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, parseResume, percentile, prepareResumeParser, type ParsedResume } from '../src';
import { readDocumentText } from '../src/documents/extract';
import {
  asText,
  autoPrecision,
  EVAL_NOW,
  FIELDS,
  loadEvalSet,
  recall,
  score,
  table,
  type EvalResume,
  type Field,
} from './resume-eval/load';
import { docxResume, DOCX_PRODUCERS } from './resume-eval/docx';
import { chromiumAvailable, CHROMIUM, pdfLibFontAvailable, pdfLibResume, resumeHtml, withChromium } from './resume-eval/render';

/**
 * The second held-out set (test/resume-heldout: 40 resumes from 38 countries written by another
 * author, truth committed before the first run; see its README). Batch 1 (h01–h24) was then used
 * to improve the parser with general rules; batch 2 (h25–h40) was not looked at until after, so
 * its figures then were the held-out ones; its misses were fixed in a second round. The README has
 * every stage. The floors below are the figures on all 40 after both rounds, lowest of the five
 * readings, rounded down to 0.05: a
 * change that makes the parser worse on unseen resumes fails `npm test`. They are not the
 * issue's targets: where a figure is below a target, the README says so.
 */
type Floors = Record<Field, number>;
const RECALL_FLOORS: Floors = {
  firstName: 0.95,
  lastName: 0.9,
  email: 0.95,
  phone: 0.85,
  mobilePhone: 0.85,
  currentTitle: 0.95,
  currentCompany: 0.9,
  location: 0.85,
  experience: 0.95,
  salaryExpectation: 0.95,
};
/** precision of what the form fills by itself, per field (a wrong auto-filled value is the costly error) */
const AUTO_FILL_PRECISION_FLOORS: Floors = {
  firstName: 0.95,
  lastName: 0.9,
  email: 0.95,
  phone: 0.95,
  mobilePhone: 0.95,
  currentTitle: 0.95,
  currentCompany: 0.9,
  location: 0.95,
  experience: 0.95,
  salaryExpectation: 0.95,
};

const set = loadEvalSet(fileURLToPath(new URL('./resume-heldout/', import.meta.url)));
beforeAll(prepareResumeParser);

function check(name: string, results: Array<{ r: EvalResume; parsed: ParsedResume }>) {
  const { tally, misses } = score(results);
  console.log(`${table(`held-out ${name} (${results.length} resumes)`, tally)}\n${misses.join('\n')}`);
  for (const field of FIELDS) {
    expect(recall(tally[field]), `${name} ${field} recall`).toBeGreaterThanOrEqual(RECALL_FLOORS[field]);
    expect(autoPrecision(tally[field]), `${name} ${field} auto-filled precision`).toBeGreaterThanOrEqual(AUTO_FILL_PRECISION_FLOORS[field]);
  }
}

describe('resume parsing on the second held-out set (38 countries, truth written first)', () => {
  it('has at least 20 resumes of the three layouts, each with its truth', () => {
    expect(set.length).toBeGreaterThanOrEqual(20);
    expect(new Set(set.map((r) => r.id)).size).toBe(set.length);
    expect(new Set(set.map((r) => r.layout))).toEqual(new Set(['plain', 'sidebar', 'table']));
  });

  it('pasted text; p95 < 100 ms per resume', () => {
    const times: number[] = [];
    const results = set.map((r) => {
      const text = asText(r);
      const t0 = performance.now();
      const parsed = parseResume(text, { now: EVAL_NOW });
      times.push(performance.now() - t0);
      return { r, parsed };
    });
    check('text', results);
    const p95 = percentile(
      [...times].sort((a, b) => a - b),
      0.95,
    );
    console.log(`held-out parse time per resume: p95 ${p95.toFixed(1)} ms`);
    expect(p95).toBeLessThan(100);
  });

  it.each(DOCX_PRODUCERS)('DOCX written the %s way', async (producer) => {
    const results: Array<{ r: EvalResume; parsed: ParsedResume }> = [];
    for (const r of set) {
      const read = await readDocumentText('docx', docxResume(r, producer));
      expect(read.status, r.id).toBe('ok');
      results.push({ r, parsed: parseResume(read.status === 'ok' ? read.text : '', { now: EVAL_NOW }) });
    }
    check(`DOCX (${producer})`, results);
  });

  it('PDF drawn by pdf-lib', async () => {
    expect(pdfLibFontAvailable, 'DejaVu fonts (apt-get install fonts-dejavu-core)').toBe(true);
    const results: Array<{ r: EvalResume; parsed: ParsedResume }> = [];
    for (const r of set) results.push({ r, parsed: parseResume((await extractPdfText(await pdfLibResume(r))).text, { now: EVAL_NOW }) });
    check('PDF (pdf-lib)', results);
  }, 120_000);

  it('PDF printed by Chromium', async () => {
    if (!chromiumAvailable) {
      console.warn(`[skip] Chromium not found at ${CHROMIUM}: the Chromium half of the held-out evaluation did not run`);
      return;
    }
    const results = await withChromium(async (print) => {
      const out: Array<{ r: EvalResume; parsed: ParsedResume }> = [];
      for (const r of set) out.push({ r, parsed: parseResume((await extractPdfText(await print(resumeHtml(r)))).text, { now: EVAL_NOW }) });
      return out;
    });
    check('PDF (Chromium)', results);
  }, 120_000);
});
