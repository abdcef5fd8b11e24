import { describe, expect, it } from 'vitest';
import { analyzeInterviewNotes, analyzeJob, sameLocation, titleBand, titleSimilarity, type JobFacts } from '../src';
import {
  JOB_CASES as JOB_1,
  LOCATION_CASES as LOCATION_1,
  NOTE_CASES as NOTE_1,
  TITLE_CASES as TITLE_1,
  type Recommendation,
} from './ai-answers-eval/cases';
import { JOB_CASES_2, LOCATION_CASES_2, NOTE_CASES_2, TITLE_CASES_2 } from './ai-answers-eval/cases-batch2';

const NOTE_CASES = [...NOTE_1, ...NOTE_CASES_2];
const TITLE_CASES = [...TITLE_1, ...TITLE_CASES_2];
const LOCATION_CASES = [...LOCATION_1, ...LOCATION_CASES_2];
const JOB_CASES = [...JOB_1, ...JOB_CASES_2];

/**
 * The AI-answer evaluation: labelled cases (truth written before tuning) and floors the built-in
 * engine must keep. The figures are printed so the README's table can be refreshed from a run.
 */
const verdict = (text: string): Recommendation =>
  text.includes('Do not advance') ? 'reject' : text.includes('Advance to') ? 'advance' : 'hold';

function report(name: string, misses: string[], total: number): number {
  const accuracy = (total - misses.length) / total;
  console.log(
    `${name}: ${total - misses.length}/${total} = ${accuracy.toFixed(2)}${misses.length ? `\n  misses: ${misses.join('\n  ')}` : ''}`,
  );
  return accuracy;
}

const job = (c: (typeof JOB_CASES)[number], id: number): JobFacts => ({
  id,
  title: c.title,
  description: c.description,
  requirements: c.requirements,
  location: null,
  salaryMin: null,
  salaryMax: null,
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('AI-answer evaluation set', () => {
  it('holds at least 40 labelled cases', () => {
    expect(NOTE_CASES.length + TITLE_CASES.length + LOCATION_CASES.length + JOB_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it('interview notes: the recommendation matches the label (floor 0.85), and no positive note is held or rejected', () => {
    const misses: string[] = [];
    for (const c of NOTE_CASES) {
      const got = verdict(analyzeInterviewNotes(c.notes).recommendation);
      if (got !== c.expected) misses.push(`${c.expected} → ${got}: ${c.notes.slice(0, 60)}`);
    }
    expect(report('interview notes', misses, NOTE_CASES.length)).toBeGreaterThanOrEqual(0.85);
    // the worst error: a clearly positive or negative note read as its opposite
    const flipped = NOTE_CASES.filter(
      (c) =>
        c.expected !== 'hold' &&
        verdict(analyzeInterviewNotes(c.notes).recommendation) === (c.expected === 'advance' ? 'reject' : 'advance'),
    );
    expect(flipped).toEqual([]);
  });

  it('title pairs: the similarity band matches the label (floor 0.85)', () => {
    const misses: string[] = [];
    for (const c of TITLE_CASES) {
      const sim = titleSimilarity(c.a, c.b);
      const got = titleBand(sim.score);
      if (got !== c.expected) misses.push(`${c.a} ~ ${c.b}: ${c.expected} → ${got} (${sim.score}, ${sim.reason})`);
      expect(titleSimilarity(c.b, c.a).score).toBe(sim.score); // symmetric
    }
    expect(report('title pairs', misses, TITLE_CASES.length)).toBeGreaterThanOrEqual(0.85);
  });

  it('location pairs: same metro, different or remote as labelled (floor 0.9)', () => {
    const misses: string[] = [];
    for (const c of LOCATION_CASES) {
      const got = sameLocation(c.a, c.b);
      if (got !== c.expected) misses.push(`${c.a} / ${c.b}: ${c.expected} → ${got}`);
    }
    expect(report('location pairs', misses, LOCATION_CASES.length)).toBeGreaterThanOrEqual(0.9);
  });

  it('job descriptions: required-skill recall (floor 0.85) and no setting taken as a skill', () => {
    let wanted = 0;
    let found = 0;
    const misses: string[] = [];
    JOB_CASES.forEach((c, i) => {
      const skills = analyzeJob(job(c, i + 1)).requiredSkills;
      for (const s of c.mustInclude) {
        wanted++;
        if (skills.includes(s)) found++;
        else misses.push(`${c.title}: missed ${s} (got ${skills.join(', ')})`);
      }
      for (const s of c.mustNotInclude) expect(skills, c.title).not.toContain(s);
    });
    expect(report('job skills (recall)', misses, wanted)).toBeGreaterThanOrEqual(0.85);
    expect(found).toBe(wanted - misses.length);
  });
});
