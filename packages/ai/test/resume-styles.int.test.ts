import { fileURLToPath } from 'node:url';
import { describeResumeEvaluation, type Floors } from './resume-eval/harness';
import { FIELDS } from './resume-eval/load';
import { loadEvalSet } from './resume-eval/load';

/**
 * The third held-out set (test/resume-styles: 22 resumes in styles the other two sets lack —
 * obfuscated e-mail addresses, "(0)" trunk prefixes and extensions, academic CVs, flattened
 * columns, names only in a signature, particles, family names first in capitals; see its
 * README). Truth committed before the first run.
 */
const RECALL_FLOORS = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Floors;
const AUTO_FILL_PRECISION_FLOORS = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Floors;

describeResumeEvaluation({
  suite: 'resume parsing on the resume-styles held-out set (truth written first)',
  label: 'styles ',
  set: loadEvalSet(fileURLToPath(new URL('./resume-styles/', import.meta.url))),
  minResumes: 20,
  recallFloors: RECALL_FLOORS,
  autoFillPrecisionFloors: AUTO_FILL_PRECISION_FLOORS,
  names: { text: '', docx: '', pdfLib: '', chromium: '' },
  pdfTimeoutMs: 120_000,
});
