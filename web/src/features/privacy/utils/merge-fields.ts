import type { Candidate, MergeChoices, MergeField } from '@ats/contracts';
import { MERGE_FIELDS } from '@ats/contracts';

export const FIELD_LABELS: Record<MergeField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  mobilePhone: 'Mobile phone',
  currentTitle: 'Current title',
  currentCompany: 'Current company',
  location: 'Location',
  linkedinUrl: 'LinkedIn URL',
  experience: 'Experience',
  salaryExpectation: 'Salary expectation',
  summary: 'Summary',
  availability: 'Availability',
  notes: 'Notes',
  status: 'Status',
  email: 'E-mail',
};

/** the dialog's order: who the person is and how to reach them first */
const DISPLAY_ORDER: readonly MergeField[] = [
  'firstName',
  'lastName',
  'email',
  ...MERGE_FIELDS.filter((f) => !['firstName', 'lastName', 'email'].includes(f)),
];

/** the candidate document's value of a merge field (experience is `experienceLevel` there) */
function valueOf(c: Candidate, field: MergeField): string {
  const raw = field === 'experience' ? c.experienceLevel : c[field];
  return raw === null || raw === undefined || raw === '' ? '' : String(raw);
}

export type MergeRow = { field: MergeField; label: string; survivor: string; absorbed: string };

/** The fields on which the two records differ: the ones the user chooses between. */
export function differingFields(survivor: Candidate, absorbed: Candidate): MergeRow[] {
  return DISPLAY_ORDER.flatMap((field) => {
    const s = valueOf(survivor, field);
    const a = valueOf(absorbed, field);
    return s === a ? [] : [{ field, label: FIELD_LABELS[field], survivor: s, absorbed: a }];
  });
}

/** Default choices: keep the survivor's value, but fill its empty fields from the other record. */
export function defaultChoices(rows: readonly MergeRow[]): MergeChoices {
  const choices: MergeChoices = {};
  for (const row of rows) choices[row.field] = row.survivor === '' && row.absorbed !== '' ? 'absorbed' : 'survivor';
  return choices;
}
