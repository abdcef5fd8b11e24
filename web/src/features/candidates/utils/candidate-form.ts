import { z } from 'zod';
import {
  CandidateSourceSchema,
  CreateCandidateBodySchema,
  messages,
  RESUME_AUTO_FILL_CONFIDENCE,
  type CreateCandidateBody,
  type ParsedResumeSchema,
} from '@ats/contracts';

/** "React, Go , ,SQL" → ["React", "Go", "SQL"] (SPEC §5). */
export function splitSkills(text: string): string[] {
  return text
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill.length > 0);
}

/**
 * The Add Candidate form: the contract's body schema, except that skills are typed as one
 * comma-separated text and the salary (in $k) as text; empty salary is omitted (SPEC §5).
 */
export const CandidateFormSchema = CreateCandidateBodySchema.omit({
  skills: true,
  salaryExpectation: true,
  resumeFileName: true,
  resumeText: true,
  resumeUploadedAt: true,
}).extend({
  skills: z
    .string()
    .transform(splitSkills)
    .pipe(z.array(z.string().max(100)).max(200)),
  salaryExpectation: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d+(\.\d+)?$/.test(text), messages.invalidInput)
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(z.number().nonnegative().max(100_000).optional()),
  /** '' = not known (not sent) */
  source: z
    .union([z.literal(''), CandidateSourceSchema])
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});

export type CandidateFormValues = z.input<typeof CandidateFormSchema>;
export type CandidateFormOutput = z.output<typeof CandidateFormSchema>;

export const EMPTY_CANDIDATE_FORM: CandidateFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  currentTitle: '',
  currentCompany: '',
  phone: '',
  mobilePhone: '',
  location: '',
  linkedinUrl: '',
  skills: '',
  experience: '',
  salaryExpectation: '',
  summary: '',
  source: '',
};

/** The request body: optional fields left empty are not sent at all. */
export function toCreateCandidateBody(values: CandidateFormOutput): CreateCandidateBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    body[key] = value;
  }
  return body as CreateCandidateBody;
}

/** Form fields a parsed resume can fill, as strings (skills joined by commas, salary in $k). */
export type ResumeSuggestions = Partial<Record<Exclude<keyof CandidateFormValues, 'source'>, string>>;

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'mobilePhone',
  'currentTitle',
  'currentCompany',
  'location',
  'linkedinUrl',
  'experience',
  'summary',
] as const;

/**
 * A parse result split by the parser's confidence: fields at or above RESUME_AUTO_FILL_CONFIDENCE
 * (or without a confidence, as an LLM answer may come) fill the form; the others are only offered
 * for the user to check.
 */
export function splitParsedResume(parsed: z.output<typeof ParsedResumeSchema>): { fill: ResumeSuggestions; check: ResumeSuggestions } {
  const fill: ResumeSuggestions = {};
  const check: ResumeSuggestions = {};
  const put = (key: keyof ResumeSuggestions, value: string, confidenceKey: string = key) => {
    const confidence = parsed.confidence?.[confidenceKey];
    if (confidence === undefined || confidence >= RESUME_AUTO_FILL_CONFIDENCE) fill[key] = value;
    else check[key] = value;
  };
  for (const key of TEXT_FIELDS) {
    const value = parsed[key];
    if (typeof value === 'string' && value.trim()) put(key, value.trim());
  }
  const skills: unknown = parsed.skills;
  if (Array.isArray(skills) && skills.length > 0) put('skills', skills.join(', '));
  else if (typeof skills === 'string' && skills.trim()) put('skills', skills.trim());
  if (typeof parsed.salaryExpectation === 'number' && Number.isFinite(parsed.salaryExpectation))
    put('salaryExpectation', String(parsed.salaryExpectation));
  return { fill, check };
}

/** SPEC §2.8: parsing fills the form fields that the response contains with confidence (and leaves the rest). */
export function parsedResumeToForm(current: CandidateFormValues, parsed: z.output<typeof ParsedResumeSchema>): CandidateFormValues {
  return { ...current, ...splitParsedResume(parsed).fill };
}
