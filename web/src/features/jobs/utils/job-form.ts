import { z } from 'zod';
import { CreateJobBodySchema, messages, type CreateJobBody, type Job, type UpdateJobBody } from '@ats/contracts';

/** "120" → 120, "" → undefined; anything else is 'Invalid input' (SPEC §5: typed as strings). */
const moneyText = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d+(\.\d+)?$/.test(text), messages.invalidInput)
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(z.number().nonnegative().max(1_000_000).optional());

/** "2" → 2, "" → undefined (the server's default, 1); a whole number from 1 to 1000. */
const openingsText = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d{1,4}$/.test(text), messages.invalidInput)
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(z.number().int().min(1, messages.invalidInput).max(1000, messages.invalidInput).optional());

/** The agency fee in percent, 0–100. */
const percentText = z
  .string()
  .trim()
  .refine((text) => /^\d+(\.\d+)?$/.test(text), messages.invalidInput)
  .transform(Number)
  .pipe(z.number().min(0, messages.invalidInput).max(100, messages.invalidInput));

/**
 * Add Job Order: the contract's body schema, with the money fields typed as text and the
 * client picked by id (sent as a number). No minimum-below-maximum check (SPEC §5).
 */
export const JobFormSchema = CreateJobBodySchema.omit({
  salaryMin: true,
  salaryMax: true,
  hourlyRateMin: true,
  hourlyRateMax: true,
  clientId: true,
  feePercentage: true,
}).extend({
  salaryMin: moneyText,
  salaryMax: moneyText,
  hourlyRateMin: moneyText,
  hourlyRateMax: moneyText,
  clientId: z
    .string()
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(z.number().int().positive().optional()),
  openings: openingsText,
  // a new search's fee is agreed with the client on the call: typed when the job order is added
  feePercentage: percentText,
});

export type JobFormValues = z.input<typeof JobFormSchema>;
export type JobFormOutput = z.output<typeof JobFormSchema>;

export const EMPTY_JOB_FORM: JobFormValues = {
  title: '',
  department: '',
  location: '',
  type: 'full-time',
  priority: 'medium',
  status: 'open',
  clientId: '',
  salaryMin: '',
  salaryMax: '',
  hourlyRateMin: '',
  hourlyRateMax: '',
  description: '',
  requirements: '',
  openings: '1',
  feePercentage: '20',
};

/** Edit Job Order: every field of the add form (the fee included). */
export const JobEditSchema = JobFormSchema;
export type JobEditValues = z.input<typeof JobEditSchema>;
export type JobEditOutput = z.output<typeof JobEditSchema>;

const text = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The edit form, prefilled from the job as the list or the detail page shows it. */
export function toJobEditValues(job: Job): JobEditValues {
  return {
    title: job.title,
    department: text(job.department),
    location: text(job.location),
    type: job.type,
    priority: job.priority,
    status: job.status,
    clientId: num(job.clientId),
    salaryMin: num(job.salaryMin),
    salaryMax: num(job.salaryMax),
    hourlyRateMin: num(job.hourlyRateMin),
    hourlyRateMax: num(job.hourlyRateMax),
    description: text(job.description),
    requirements: text(job.requirements),
    openings: num(job.openings ?? 1),
    feePercentage: num(job.feePercentage),
  };
}

/** Fields an emptied input clears (null); the others keep their value when left empty. */
const CLEARABLE = [
  'department',
  'location',
  'description',
  'requirements',
  'salaryMin',
  'salaryMax',
  'hourlyRateMin',
  'hourlyRateMax',
  'clientId',
];

/** The PATCH body: every field of the form (the server merges what the user did not change), emptied ones as null. */
export function toUpdateJobBody(values: JobEditOutput, baseRevision: number | undefined): UpdateJobBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) {
      if (CLEARABLE.includes(key)) body[key] = null;
      continue;
    }
    body[key] = value;
  }
  if (baseRevision !== undefined) body.baseRevision = baseRevision;
  return body as UpdateJobBody;
}

/** Labels of the edit form's fields by body path (the conflict dialog names fields with them). */
export const JOB_FIELD_LABELS: Record<string, string> = {
  title: 'Job Title',
  clientId: 'Client',
  department: 'Department',
  location: 'Location',
  type: 'Job Type',
  priority: 'Priority',
  status: 'Status',
  salaryMin: 'Salary Min ($k)',
  salaryMax: 'Salary Max ($k)',
  hourlyRateMin: 'Hourly Rate Min',
  hourlyRateMax: 'Hourly Rate Max',
  description: 'Description',
  requirements: 'Requirements',
  openings: 'Openings',
  feePercentage: 'Fee %',
};
export const JOB_TEXT_FIELDS = ['title', 'department', 'location', 'description', 'requirements'];

/** The request body: empty optional values are not sent. */
export function toCreateJobBody(values: JobFormOutput): CreateJobBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    body[key] = value;
  }
  return body as CreateJobBody;
}

export const JOB_TYPES = [
  { value: 'full-time', label: 'Full-time' },
  { value: 'part-time', label: 'Part-time' },
  { value: 'contract', label: 'Contract' },
  { value: 'temporary', label: 'Temporary' },
  { value: 'internship', label: 'Internship' },
];
export const JOB_PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];
export const JOB_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'sourcing', label: 'Sourcing' },
  { value: 'interviewing', label: 'Interviewing' },
  { value: 'offer_extended', label: 'Offer Extended' },
  { value: 'closed', label: 'Closed' },
  { value: 'filled', label: 'Filled' },
];
