import { describeResumeEvaluation, type Floors } from './resume-eval/harness';
import { loadEvalSet } from './resume-eval/load';

/**
 * The held-out resume set (test/resume-eval, 62 hand-written resumes, truth written before the
 * parser ran on them) as pasted text and as PDFs from two producers. The floors are the README's
 * figures rounded down: a change that makes the parser worse on real-world layouts fails here.
 */
const RECALL_FLOORS: Floors = {
  firstName: 0.95,
  lastName: 0.95,
  email: 0.95,
  phone: 0.95,
  mobilePhone: 0.9,
  currentTitle: 0.9,
  currentCompany: 0.9,
  location: 0.9,
  experience: 0.9,
  salaryExpectation: 0.85,
};
/** Every field the form fills by itself must be right this often. */
const AUTO_FILL_PRECISION_FLOOR = 0.95;

describeResumeEvaluation({
  suite: 'resume parsing on the held-out evaluation set',
  label: '',
  set: loadEvalSet(),
  minResumes: 60,
  recallFloors: RECALL_FLOORS,
  autoFillPrecisionFloors: AUTO_FILL_PRECISION_FLOOR,
  names: {
    text: ': recall and auto-filled precision per field stay above their floors',
    docx: ' (layout tables, tab stops, split runs, soft breaks)',
    pdfLib: ' (sidebar, right-aligned dates, glyph-by-glyph letter-spacing, table cells)',
    chromium: ' (CSS grid sidebar, flex rows, letter-spacing, HTML tables)',
  },
  pdfTimeoutMs: 240_000,
});
