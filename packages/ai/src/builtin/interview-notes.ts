import type { InterviewAnalysis } from '@ats/contracts/ai-results';
import { PhraseIndex, phrase, words, type Phrase } from './words';

/**
 * Interview-note scoring that reads like a recruiter: cue phrases per dimension, with
 * - negation ("not a good fit", "no concerns", "never lost the thread") flipping a cue within
 *   three words before it, weaker when flipped ("not unmotivated" is only mildly positive),
 * - intensity ("very strong", "highly motivated" count more; "somewhat", "reasonable" less),
 * - general verdicts ("excellent candidate", "concerns") going to the dimension the sentence is
 *   about, or to every dimension at half weight,
 * - cautions ("a follow-up", "a second conversation") that keep the verdict at Hold.
 * Calibrated on the labelled notes in packages/ai/test/ai-answers-eval (truth written first).
 */

type Dimension = 'communicationSkills' | 'technicalCompetency' | 'culturalFit' | 'motivation';
const DIMENSIONS: Dimension[] = ['communicationSkills', 'technicalCompetency', 'culturalFit', 'motivation'];

interface Cue {
  p: Phrase;
  dim: Dimension | 'general';
  sign: 1 | -1;
  weight: number;
}

const list = (dim: Cue['dim'], sign: 1 | -1, phrases: string, weight = dim === 'general' ? 1.2 : 1.5): Cue[] =>
  phrases.split(',').map((s) => ({ p: phrase(s.trim()), dim, sign, weight }));

const CUES: Cue[] = [
  ...list(
    'communicationSkills',
    1,
    'articulate, clear, clarity, concise*, well spoken, structured, persuasive, communicat* well, communicat* clearly, communicator, listens, listener, eloquent, thoughtful, crisp, compelling, engaging, answered every question, in detail, precise',
  ),
  ...list(
    'communicationSkills',
    -1,
    'rambl*, unclear, vague, hard to follow, interrupt*, evasive, poor communication, poor communicator, lost the thread, verbose, disorgani*, unfocused, defensive, talked over, spoke over, cut off',
  ),
  ...list(
    'technicalCompetency',
    1,
    'expert, expertise, deep, depth, strong technical*, strong technically, technically strong, impressive, mastery, solid, command of, excellent knowledge, excellent grasp, strong on, track record, delivered, proven, capable, sharp, skilled, competent, specifics',
  ),
  ...list('technicalCompetency', 1, 'fast learner, quick learner', 0.7),
  ...list(
    'technicalCompetency',
    -1,
    'gap, gaps, shallow, struggled, lacks, lacked, lack, weak, limited experience, could not explain, could not give, could not answer, no examples, out of his depth, out of her depth, out of their depth, superficial, rusty, inexperienced',
  ),
  ...list(
    'culturalFit',
    1,
    'team player, collaborative, collaborator, humble, aligned, values, good fit, great fit, culture fit, cultural fit, fit, rapport, warm, loved, likeable, personable, respectful, low ego',
  ),
  ...list('culturalFit', 1, 'pleasant, polite', 0.6),
  ...list('culturalFit', -1, 'arrogant, abrasive, misaligned, poor fit, dismissive, rude, condescending, toxic, clash*, big ego'),
  ...list(
    'motivation',
    1,
    'excited, passionate, eager, motivated, enthusias*, keen, driven, energ*, hungry, committed, ambitious, wants the role, wants this role, wants this job, wants the job, interested in the role',
  ),
  ...list(
    'motivation',
    -1,
    'unmotivated, disinterested, uninterested, hesitant, lukewarm, for the money, counter offer, counteroffer, not convinced',
  ),
  ...list(
    'general',
    1,
    'excellent candidate, strong candidate, great candidate, recommend, strong hire, standout, outstanding, exceptional, excellent, leader, great conversation',
  ),
  ...list('general', -1, 'concern, concerns, concerning, red flag, red flags, reservations, disappointing, worried, worry'),
];
// longest phrases first, so "poor fit" is read before "fit" and each word counts once
const CUE_INDEX = new PhraseIndex(CUES);

const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'hardly', 'barely', 'nor', 'none', 'neither']);
const INTENSIFIERS = new Set([
  'very',
  'highly',
  'extremely',
  'really',
  'genuinely',
  'exceptionally',
  'truly',
  'incredibly',
  'super',
  'especially',
  'particularly',
  'so',
  'most',
]);
const DOWNTONERS = new Set(['somewhat', 'fairly', 'slightly', 'reasonably', 'reasonable', 'relatively', 'some', 'bit', 'mostly', 'okay']);
const BREAKS = new Set(['but', 'however', 'though', 'although', 'while', 'yet', 'whereas']);

const hints = (dim: Dimension, list: string) => list.split(',').map((s) => ({ p: phrase(s.trim()), dim }));
const HINT_INDEX = new PhraseIndex([
  ...hints('communicationSkills', 'communicat*, presentation, articulat*, listening'),
  ...hints('technicalCompetency', 'technical*, skills, knowledge, ability, abilities, experience, expertise'),
  ...hints('culturalFit', 'team, culture, cultural, values, panel, fit'),
  ...hints('motivation', 'motivat*, role, mission, interest*'),
]);
const CAUTION_INDEX = new PhraseIndex(
  'follow up, followup, second conversation, second interview, probe, dig deeper, on the fence, unsure, undecided, mixed'
    .split(', ')
    .map((s) => ({ p: phrase(s) })),
);

/** The signed value of the cue at `at` given the words before it (same clause, three words back). */
function valueAt(w: readonly string[], at: number, cue: Cue): number {
  let negated = false;
  let factor = 1;
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const t = w[k]!;
    if (BREAKS.has(t)) break;
    if (NEGATIONS.has(t)) negated = true;
    else if (INTENSIFIERS.has(t)) factor = Math.min(2, factor * 1.5);
    else if (DOWNTONERS.has(t)) factor *= 0.5;
  }
  if (!negated) return cue.sign * cue.weight * factor;
  // "not very clear" is mildly negative; "not unmotivated" only mildly positive
  return -cue.sign * cue.weight * (cue.sign > 0 ? 0.8 : 0.6) * (factor > 1 ? 0.75 : 1);
}

export interface NoteEvidence {
  evidence: Record<Dimension, number>;
  caution: boolean;
}

export function readNotes(notes: string): NoteEvidence {
  const evidence: Record<Dimension, number> = { communicationSkills: 0, technicalCompetency: 0, culturalFit: 0, motivation: 0 };
  let caution = false;
  for (const sentence of notes.split(/[.!?;\n]+/)) {
    const w = words(sentence);
    if (!w.length) continue;
    const about = new Set<Dimension>();
    const found: Array<{ at: number; cue: Cue }> = [];
    for (let i = 0; i < w.length;) {
      if (CAUTION_INDEX.at(w, i).length) caution = true;
      for (const h of HINT_INDEX.at(w, i)) about.add(h.dim);
      const cue = CUE_INDEX.at(w, i)[0];
      if (cue) found.push({ at: i, cue });
      i += cue ? cue.p.length : 1;
    }
    for (const { at, cue } of found) {
      const value = valueAt(w, at, cue);
      if (cue.dim !== 'general') evidence[cue.dim] += value;
      else if (about.size) for (const d of about) evidence[d] += value;
      else for (const d of DIMENSIONS) evidence[d] += value / 2;
    }
  }
  return { evidence, caution };
}

const scoreOf = (e: number) => Math.round((5 + 5 * Math.tanh(e / 3.5)) * 10) / 10;

export function analyzeInterviewNotes(notes: string): InterviewAnalysis {
  const { evidence, caution } = readNotes(notes);
  const scores = Object.fromEntries(DIMENSIONS.map((d) => [d, scoreOf(evidence[d])])) as Record<Dimension, number>;
  const values = DIMENSIONS.map((d) => scores[d]);
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  const low = values.filter((v) => v < 4).length;
  const words = notes.trim().split(/\s+/).filter(Boolean).length;
  let recommendation =
    avg < 4.5 || low >= 2
      ? 'Do not advance: the notes raise concerns in several areas.'
      : avg >= 6.2 && Math.min(...values) >= 4.8 && !caution
        ? 'Advance to the next round: the notes are positive across the board.'
        : 'Hold: mixed signals — run a focused follow-up on the weakest area.';
  if (words < 25) recommendation = `The notes are short (${words} words); scores stay near neutral. ${recommendation}`;
  return { ...scores, recommendation };
}
