import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, parseResume, percentile, prepareResumeParser, type ParsedResume } from '../../src';
import { readDocumentText } from '../../src/documents/extract';
import { asText, autoPrecision, EVAL_NOW, FIELDS, recall, score, table, type EvalResume, type Field } from './load';
import { docxResume, DOCX_PRODUCERS } from './docx';
import { chromiumAvailable, CHROMIUM, pdfLibFontAvailable, pdfLibResume, resumeHtml, withChromium } from './render';

export type Floors = Record<Field, number>;
type Results = Array<{ r: EvalResume; parsed: ParsedResume }>;

/** One evaluation set, read as pasted text, as DOCX from two producers and as PDF from two. */
export interface ResumeEvaluation {
  suite: string;
  /** Prefix of every printed table and timing line ('' or 'held-out '). */
  label: string;
  set: readonly EvalResume[];
  minResumes: number;
  recallFloors: Floors;
  /** Per field, or one floor for every field. */
  autoFillPrecisionFloors: Floors | number;
  /** Test names after their fixed part, e.g. ' (layout tables, …)'. */
  names: { text: string; docx: string; pdfLib: string; chromium: string };
  pdfTimeoutMs: number;
}

/** The shared harness of the resume evaluation sets: the floors fail `npm test` when parsing gets worse. */
export function describeResumeEvaluation(e: ResumeEvaluation): void {
  beforeAll(prepareResumeParser);

  const check = (name: string, results: Results) => {
    const { tally, misses } = score(results);
    console.log(`${table(`${e.label}${name} (${results.length} resumes)`, tally)}\n${misses.join('\n')}`);
    for (const field of FIELDS) {
      expect(recall(tally[field]), `${name} ${field} recall`).toBeGreaterThanOrEqual(e.recallFloors[field]);
      expect(autoPrecision(tally[field]), `${name} ${field} auto-filled precision`).toBeGreaterThanOrEqual(
        typeof e.autoFillPrecisionFloors === 'number' ? e.autoFillPrecisionFloors : e.autoFillPrecisionFloors[field],
      );
    }
  };

  describe(e.suite, () => {
    it(`has at least ${e.minResumes} resumes of the three layouts, each with its truth`, () => {
      expect(e.set.length).toBeGreaterThanOrEqual(e.minResumes);
      expect(new Set(e.set.map((r) => r.id)).size).toBe(e.set.length);
      expect(new Set(e.set.map((r) => r.layout))).toEqual(new Set(['plain', 'sidebar', 'table']));
    });

    it(`pasted text${e.names.text}; p95 < 100 ms per resume`, () => {
      const times: number[] = [];
      const results = e.set.map((r) => {
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
      console.log(`${e.label}parse time per resume: p95 ${p95.toFixed(1)} ms`);
      expect(p95).toBeLessThan(100);
    });

    it.each(DOCX_PRODUCERS)(`DOCX written the %s way${e.names.docx}`, async (producer) => {
      const results: Results = [];
      for (const r of e.set) {
        const read = await readDocumentText('docx', docxResume(r, producer));
        expect(read.status, r.id).toBe('ok');
        results.push({ r, parsed: parseResume(read.status === 'ok' ? read.text : '', { now: EVAL_NOW }) });
      }
      check(`DOCX (${producer})`, results);
    });

    it(
      `PDF drawn by pdf-lib${e.names.pdfLib}`,
      async () => {
        expect(pdfLibFontAvailable, 'DejaVu fonts (apt-get install fonts-dejavu-core)').toBe(true);
        const results: Results = [];
        for (const r of e.set)
          results.push({ r, parsed: parseResume((await extractPdfText(await pdfLibResume(r))).text, { now: EVAL_NOW }) });
        check('PDF (pdf-lib)', results);
      },
      e.pdfTimeoutMs,
    );

    it(
      `PDF printed by Chromium${e.names.chromium}`,
      async () => {
        if (!chromiumAvailable) {
          console.warn(`[skip] Chromium not found at ${CHROMIUM}: the Chromium half of the ${e.label}evaluation did not run`);
          return;
        }
        const results = await withChromium(async (print) => {
          const out: Results = [];
          for (const r of e.set)
            out.push({ r, parsed: parseResume((await extractPdfText(await print(resumeHtml(r)))).text, { now: EVAL_NOW }) });
          return out;
        });
        check('PDF (Chromium)', results);
      },
      e.pdfTimeoutMs,
    );
  });
}
