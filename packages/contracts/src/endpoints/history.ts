import { z } from 'zod';
import { ALL_ROLES, defineContract } from '../contract';
import { IdParamSchema } from '../fields';

/**
 * `asOf`: an ISO-8601 time or an event position (a whole number). Absent = now. Reads given one
 * answer the state at that moment, folded from the events, in the shape of today's read.
 */
export const AsOfSchema = z
  .string()
  .trim()
  .refine((v) => /^\d{1,15}$/.test(v) || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: 'Expected an ISO date-time or an event position',
  });
export const AsOfQuerySchema = z.object({ asOf: AsOfSchema.optional() });
export type AsOf = { position: number } | { time: string };

/** '123' → a position, anything else (already validated) → a time, normalised to ISO. */
export function parseAsOf(value: string): AsOf {
  return /^\d+$/.test(value) ? { position: Number(value) } : { time: new Date(value).toISOString() };
}

export const HistoryQuerySchema = z.object({
  /** the next page: entries strictly before this position (the previous page's `next`) */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the History as it stood at that moment (an ISO time or an event position): nothing after it */
  asOf: AsOfSchema.optional(),
});

export const RecordKindSchema = z.enum(['candidate', 'client', 'job', 'application']);
export type RecordKind = z.infer<typeof RecordKindSchema>;

/** One changed field of a record: its label (SPEC's form labels) and the old and new values as shown. */
export const FieldChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const HistoryLinkSchema = z.object({ kind: RecordKindSchema, id: z.number(), label: z.string() });
export type HistoryLink = z.infer<typeof HistoryLinkSchema>;

export const HistoryAccessSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  kind: z.enum(['read', 'download', 'export']),
  at: z.string(),
  detail: z.string().nullable(),
});

export const HistoryEntrySchema = z.object({
  position: z.number(),
  type: z.string(),
  /** 'access': who looked at the record (the access log), else a change or a related event */
  kind: z.enum(['change', 'related', 'access']),
  occurredAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  summary: z.string(),
  changes: z.array(FieldChangeSchema),
  links: z.array(HistoryLinkSchema),
  accesses: z.array(HistoryAccessSchema),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  /** pass as `before` for the next (older) page; null = no more */
  next: z.number().nullable(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

const historyContract = <N extends string, P extends string>(name: N, path: P, what: string) =>
  defineContract({
    name,
    method: 'GET',
    path,
    params: IdParamSchema,
    query: HistoryQuerySchema,
    response: HistoryPageSchema,
    status: 200,
    roles: ALL_ROLES,
    summary: `Every event about ${what}, newest first: its own changes (field by field), related events and who viewed it`,
  });

export const historyContracts = {
  candidateHistory: historyContract('candidateHistory', '/api/candidates/:id/history', 'a candidate'),
  clientHistory: historyContract('clientHistory', '/api/clients/:id/history', 'a client'),
  jobHistory: historyContract('jobHistory', '/api/jobs/:id/history', 'a job order'),
  applicationHistory: historyContract('applicationHistory', '/api/applications/:id/history', 'an application'),
};

/** Field labels as the SPEC's forms name them, per record kind (History's "old → new" rows). */
export const HISTORY_FIELD_LABELS: Record<RecordKind, Record<string, string>> = {
  candidate: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    mobilePhone: 'Mobile Phone',
    location: 'Location',
    linkedinUrl: 'LinkedIn URL',
    currentTitle: 'Current Job Title',
    currentCompany: 'Current Company',
    experienceLevel: 'Experience Level',
    status: 'Status',
    salaryExpectation: 'Salary Expectation',
    skills: 'Skills',
    summary: 'Summary',
    resumeFileName: 'Resume',
    availability: 'Availability',
    notes: 'Notes',
    aiMatchScore: 'AI Match Score',
    aiSummary: 'AI Summary',
    aiExperienceLevel: 'AI Experience Level',
    aiSkillsExtracted: 'AI Skills',
    aiPersonalityTraits: 'AI Personality Traits',
    source: 'Source',
  },
  client: {
    companyName: 'Company Name',
    industry: 'Industry',
    website: 'Website',
    priority: 'Priority',
    status: 'Status',
    address: 'Address',
    description: 'Description',
    notes: 'Notes',
    contactName: 'Primary Contact',
  },
  job: {
    title: 'Job Title',
    clientId: 'Client',
    department: 'Department',
    location: 'Location',
    type: 'Job Type',
    priority: 'Priority',
    status: 'Status',
    salaryMin: 'Salary Min',
    salaryMax: 'Salary Max',
    hourlyRateMin: 'Hourly Rate Min',
    hourlyRateMax: 'Hourly Rate Max',
    description: 'Description',
    requirements: 'Requirements',
    openings: 'Openings',
    feePercentage: 'Fee %',
    aiSummary: 'AI Summary',
  },
  application: {
    stage: 'Stage',
  },
};
