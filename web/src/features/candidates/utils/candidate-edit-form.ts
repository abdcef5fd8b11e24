import { z } from 'zod';
import { CandidateSourceSchema, UpdateCandidateBodySchema, messages, type Candidate, type UpdateCandidateBody } from '@ats/contracts';
import { splitSkills } from './candidate-form';

/**
 * The profile's edit mode: the contract's update schema, with skills as comma-separated text
 * and the salary (in $k) as text. Blank optional fields are cleared (null), as the contract says.
 */
export const CandidateEditSchema = UpdateCandidateBodySchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  currentTitle: true,
  currentCompany: true,
  phone: true,
  mobilePhone: true,
  location: true,
  experience: true,
  summary: true,
  status: true,
}).extend({
  firstName: z.string().trim().min(1, messages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, messages.lastNameRequired).max(100),
  email: z.string().trim().max(320).email(messages.validEmailRequired),
  currentTitle: z.string().trim().min(1, messages.jobTitleRequired).max(200),
  skills: z
    .string()
    .transform(splitSkills)
    .pipe(z.array(z.string().max(100)).max(200)),
  salaryExpectation: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d+(\.\d+)?$/.test(text), messages.invalidInput)
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(z.number().nonnegative().max(100_000).nullable()),
  /** '' = not known (cleared); absent = unchanged */
  source: z
    .union([z.literal(''), CandidateSourceSchema])
    .optional()
    .transform((value) => (value === '' ? null : value)),
});

export type CandidateEditValues = z.input<typeof CandidateEditSchema>;
export type CandidateEditOutput = z.output<typeof CandidateEditSchema>;

export function toEditValues(candidate: Candidate): CandidateEditValues {
  return {
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    email: candidate.email,
    currentTitle: candidate.currentTitle ?? '',
    currentCompany: candidate.currentCompany ?? '',
    phone: candidate.phone ?? '',
    mobilePhone: candidate.mobilePhone ?? '',
    location: candidate.location ?? '',
    experience: candidate.experienceLevel ?? '',
    summary: candidate.summary ?? '',
    status: candidate.status,
    skills: candidate.skills.join(', '),
    salaryExpectation: candidate.salaryExpectation === null ? '' : String(candidate.salaryExpectation),
    source: candidate.source ?? '',
  };
}

/** The PATCH body: the whole form (the server merges what the user did not change) and the base revision. */
export function toUpdateBody(values: CandidateEditOutput, baseRevision?: number): UpdateCandidateBody {
  return baseRevision === undefined ? values : { ...values, baseRevision };
}

/** Labels of the edit form's fields by body path (the conflict dialog names fields with them). */
export const CANDIDATE_FIELD_LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  mobilePhone: 'Mobile Phone',
  location: 'Location',
  currentTitle: 'Current Job Title',
  currentCompany: 'Current Company',
  experience: 'Experience Level',
  status: 'Status',
  salaryExpectation: 'Salary Expectation ($k)',
  skills: 'Skills',
  summary: 'Summary',
  source: 'Source',
};
export const CANDIDATE_TEXT_FIELDS = ['firstName', 'lastName', 'location', 'currentTitle', 'currentCompany', 'experience', 'summary'];
