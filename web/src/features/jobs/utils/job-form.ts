import { z } from 'zod';
import { CreateJobBodySchema, messages, type CreateJobBody } from '@ats/contracts';

/** "120" → 120, "" → undefined; anything else is 'Invalid input' (SPEC §5: typed as strings). */
const moneyText = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d+(\.\d+)?$/.test(text), messages.invalidInput)
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(z.number().nonnegative().max(1_000_000).optional());

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
};

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
