import { z } from 'zod';
import {
  CandidateSourceSchema,
  CreateCandidateBodySchema,
  messages,
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

/** SPEC §2.8: parsing fills the form fields that the response contains (and leaves the rest). */
export function parsedResumeToForm(current: CandidateFormValues, parsed: z.output<typeof ParsedResumeSchema>): CandidateFormValues {
  const next: CandidateFormValues = { ...current };
  const text = [
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
  for (const key of text) {
    const value = parsed[key];
    if (typeof value === 'string' && value.trim()) next[key] = value.trim();
  }
  const skills: unknown = parsed.skills;
  if (Array.isArray(skills) && skills.length > 0) next.skills = skills.join(', ');
  else if (typeof skills === 'string' && skills.trim()) next.skills = skills.trim();
  if (typeof parsed.salaryExpectation === 'number' && Number.isFinite(parsed.salaryExpectation))
    next.salaryExpectation = String(parsed.salaryExpectation);
  return next;
}
