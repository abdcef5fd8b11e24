import { fileURLToPath } from 'node:url';
import { describeResumeEvaluation, type Floors } from './resume-eval/harness';
import { loadEvalSet } from './resume-eval/load';

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

describeResumeEvaluation({
  suite: 'resume parsing on the second held-out set (38 countries, truth written first)',
  label: 'held-out ',
  set: loadEvalSet(fileURLToPath(new URL('./resume-heldout/', import.meta.url))),
  minResumes: 20,
  recallFloors: RECALL_FLOORS,
  autoFillPrecisionFloors: AUTO_FILL_PRECISION_FLOORS,
  names: { text: '', docx: '', pdfLib: '', chromium: '' },
  pdfTimeoutMs: 120_000,
});
