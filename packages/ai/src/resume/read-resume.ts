import { BUILTIN_ENGINE } from '../builtin-engine';
import type { ParsedField, ParsedResume } from '../parse-resume';
import { AiEngineError, type AiEngine, type EngineInfo, type ResumeFields } from '../port';

/**
 * Who read a resume when only the rules parser answered. The prompt version is the parser's
 * version: resume-rules-2 reads obfuscated addresses, extensions, signatures, flattened columns
 * (the resume-styles set). BUILTIN_ENGINE.model is unchanged: no analysis reads the parser.
 */
export const RESUME_RULES_ENGINE: EngineInfo = { engine: 'builtin', model: BUILTIN_ENGINE.model, promptVersion: 'resume-rules-2' };

export interface ResumeReading extends ParsedResume {
  /** the engine that answered: the LLM (merged with the rules) or the rules alone */
  engine: EngineInfo;
  /** the LLM was asked and failed; the rules answered */
  llmFallback?: AiEngineError['kind'];
}

/** Confidences of an LLM value, by how it compares with the rules parser and the resume text. */
export const LLM_CONFIDENCE = {
  /** the rules parser found the same value */
  agrees: 0.95,
  /** the rules found nothing; the value is written in the resume */
  alone: 0.85,
  /** the rules found another value; both are written in the resume: the user checks */
  disagrees: 0.6,
  /** the value is not written in the resume (a field the LLM derives: experience, summary, skills) */
  derived: 0.8,
} as const;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.+]+/gu, ' ')
    .trim();
const digits = (s: string) => s.replace(/\D/g, '');

/** Fields the resume writes literally: an LLM value of one that the text does not contain is invented. */
const LITERAL: ReadonlySet<ParsedField> = new Set([
  'firstName',
  'lastName',
  'email',
  'phone',
  'mobilePhone',
  'currentTitle',
  'currentCompany',
  'linkedinUrl',
]);

function same(field: ParsedField, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  if (field === 'phone' || field === 'mobilePhone') return digits(String(a)).slice(-9) === digits(String(b)).slice(-9);
  if (field === 'salaryExpectation') return Math.abs(Number(a) - Number(b)) <= 1;
  if (field === 'experience') return Math.abs(Number(/\d+/.exec(String(a))?.[0]) - Number(/\d+/.exec(String(b))?.[0])) <= 1;
  if (field === 'location') return fold(String(a)).split(' ')[0] === fold(String(b)).split(' ')[0];
  return fold(String(a)) === fold(String(b));
}

/** Is the value written in the resume? Phones by their digits, the rest folded (accents, case, punctuation). */
function written(field: ParsedField, value: unknown, text: { folded: string; digits: string }): boolean {
  if (field === 'phone' || field === 'mobilePhone') {
    const d = digits(String(value));
    return d.length >= 6 && text.digits.includes(d.slice(-9));
  }
  if (field === 'salaryExpectation') return text.digits.includes(String(Math.round(Number(value))));
  const v = fold(String(value));
  return v.length > 0 && text.folded.includes(v);
}

/**
 * The LLM's reading merged with the rules parser's, field by field. A value the LLM says is
 * written in the resume but is not (a name, e-mail, phone, title, company) is dropped as invented;
 * where both agree the value is near certain; where they disagree the LLM's value is offered for
 * the user to check (below the auto-fill confidence); a field the LLM left empty keeps the rules'
 * value and confidence. Skills are the union of both.
 */
export function mergeResumeReadings(rules: ParsedResume, llm: ResumeFields, text: string): ParsedResume {
  const read = { folded: fold(text), digits: digits(text) };
  const out: ParsedResume = { ...rules, skills: [...rules.skills], confidence: { ...rules.confidence } };
  const fields = Object.keys(llm) as Array<keyof ResumeFields>;
  for (const field of fields) {
    if (field === 'skills') continue;
    const value = llm[field];
    if (value === undefined || value === '') continue;
    const literal = LITERAL.has(field);
    const isWritten = written(field, value, read);
    if (literal && !isWritten) continue;
    const ruled = rules[field];
    let confidence: number;
    if (same(field, value, ruled)) confidence = Math.max(rules.confidence[field] ?? 0, LLM_CONFIDENCE.agrees);
    else if (ruled === undefined || ruled === '') confidence = literal || isWritten ? LLM_CONFIDENCE.alone : LLM_CONFIDENCE.derived;
    else confidence = Math.min(LLM_CONFIDENCE.disagrees, rules.confidence[field] ?? 1);
    (out as unknown as Record<string, unknown>)[field] = value;
    out.confidence[field] = confidence;
  }
  if (llm.skills?.length) {
    const seen = new Set(out.skills.map((s) => s.toLowerCase()));
    for (const skill of llm.skills) {
      const s = skill.trim();
      if (s && s.length <= 60 && !seen.has(s.toLowerCase()) && out.skills.length < 40) {
        seen.add(s.toLowerCase());
        out.skills.push(s);
      }
    }
    out.confidence.skills = Math.max(out.confidence.skills ?? 0, LLM_CONFIDENCE.derived);
  }
  return out;
}

/**
 * Reads a resume: the rules parser always (in the worker pool, passed in as `rules`), and the
 * engine's own reader when it has one (the LLM), at the same time. The LLM's answer is merged
 * with the rules'; on any LLM failure (timeout, invalid JSON, schema violation, refusal, HTTP
 * error) the rules answer alone and the reply says why. A failure of the rules parser itself
 * (a work limit) is the caller's to report.
 */
export async function readResume(
  engine: Pick<AiEngine, 'resumeReader'>,
  text: string,
  rules: (text: string) => Promise<ParsedResume>,
): Promise<ResumeReading> {
  const reader = engine.resumeReader;
  if (!reader) return { ...(await rules(text)), engine: { ...RESUME_RULES_ENGINE } };
  const asked = reader.read(text).then(
    (fields) => ({ ok: true as const, fields }),
    (error: unknown) => ({
      ok: false as const,
      kind: error instanceof AiEngineError ? error.kind : ('unavailable' as const),
    }),
  );
  const [ruled, answer] = await Promise.all([rules(text), asked]);
  if (!answer.ok) return { ...ruled, engine: { ...RESUME_RULES_ENGINE }, llmFallback: answer.kind };
  return { ...mergeResumeReadings(ruled, answer.fields, text), engine: { ...reader.info } };
}
