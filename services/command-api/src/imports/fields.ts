import {
  AddClientContactBodySchema,
  CreateCandidateBodySchema,
  CreateClientBodySchema,
  CreateJobBodySchema,
  isInvisibleText,
  type ImportKind,
  type ImportMapping,
} from '@ats/contracts';
import type { z } from 'zod';

/** A field a column can be mapped to: its label in the mapping step and header names it is guessed from. */
export interface ImportField {
  name: string;
  label: string;
  required: boolean;
  aliases: readonly string[];
  /** how the cell becomes the command's value (default: the text) */
  as?: 'number' | 'list' | 'lower';
}

const f = (name: string, label: string, aliases: string[], extra: Partial<ImportField> = {}): ImportField => ({
  name,
  label,
  required: false,
  aliases: [name.toLowerCase(), ...aliases],
  ...extra,
});

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  candidates: [
    f('firstName', 'First Name', ['first', 'givenname', 'forename'], { required: true }),
    f('lastName', 'Last Name', ['last', 'surname', 'familyname'], { required: true }),
    f('email', 'Email', ['emailaddress', 'mail', 'emails'], { required: true }),
    f('currentTitle', 'Current Title', ['title', 'jobtitle', 'position', 'role'], { required: true }),
    f('currentCompany', 'Current Company', ['company', 'employer', 'organisation', 'organization', 'companyname']),
    f('phone', 'Phone', ['telephone', 'phonenumber', 'tel', 'workphone']),
    f('mobilePhone', 'Mobile Phone', ['mobile', 'cell', 'cellphone', 'mobilenumber']),
    f('location', 'Location', ['city', 'address', 'region']),
    f('linkedinUrl', 'LinkedIn URL', ['linkedin', 'linkedinprofile', 'profileurl']),
    f('skills', 'Skills', ['skill', 'keywords', 'expertise'], { as: 'list' }),
    f('experience', 'Experience', ['experiencelevel', 'seniority', 'yearsofexperience']),
    f('salaryExpectation', 'Salary Expectation', ['salary', 'expectedsalary', 'desiredsalary'], { as: 'number' }),
    f('summary', 'Summary', ['bio', 'about', 'profile']),
  ],
  clients: [
    f('companyName', 'Company Name', ['company', 'name', 'client', 'clientname', 'organisation', 'organization'], { required: true }),
    f('industry', 'Industry', ['sector']),
    f('website', 'Website', ['url', 'web', 'homepage']),
    f('address', 'Address', ['location', 'city']),
    f('priority', 'Priority', [], { as: 'lower' }),
    f('status', 'Status', [], { as: 'lower' }),
    f('notes', 'Notes', ['comments']),
    f('contactName', 'Contact Name', ['contact', 'contactperson', 'primarycontact']),
    f('contactTitle', 'Contact Title', ['contactposition', 'contactrole']),
    f('contactEmail', 'Contact Email', ['email', 'emailaddress', 'contactmail']),
    f('contactPhone', 'Contact Phone', ['phone', 'telephone', 'contacttelephone']),
  ],
  jobs: [
    f('title', 'Job Title', ['jobtitle', 'position', 'role', 'name'], { required: true }),
    f('clientName', 'Client', ['client', 'company', 'companyname', 'clientcompany']),
    f('department', 'Department', ['team', 'division']),
    f('location', 'Location', ['city']),
    f('type', 'Type', ['jobtype', 'employmenttype'], { as: 'lower' }),
    f('status', 'Status', [], { as: 'lower' }),
    f('priority', 'Priority', [], { as: 'lower' }),
    f('salaryMin', 'Salary Min', ['minsalary', 'salaryfrom'], { as: 'number' }),
    f('salaryMax', 'Salary Max', ['maxsalary', 'salaryto'], { as: 'number' }),
    f('feePercentage', 'Fee %', ['fee', 'feepercent'], { as: 'number' }),
    f('description', 'Description', ['jobdescription']),
    f('requirements', 'Requirements', ['qualifications']),
  ],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Field → column, guessed from the header names (each column used once). */
export function guessMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  const byName = new Map(headers.map((h) => [squash(h), h]));
  // exact names first, then aliases, then a header containing a name ("Work Email", "Mobile No.")
  for (const pass of [0, 1, 2] as const) {
    for (const field of IMPORT_FIELDS[kind]) {
      if (mapping[field.name]) continue;
      const names = pass === 0 ? [field.aliases[0]!] : pass === 1 ? field.aliases.slice(1) : field.aliases.filter((a) => a.length >= 4);
      for (const name of names) {
        const header = pass < 2 ? byName.get(name) : [...byName].find(([squashed, h]) => squashed.includes(name) && !used.has(h))?.[1];
        if (header && !used.has(header)) {
          mapping[field.name] = header;
          used.add(header);
          break;
        }
      }
    }
  }
  return mapping;
}

/** The mapped values of a row: field → non-empty text. */
export function mappedValues(kind: ImportKind, mapping: ImportMapping, byHeader: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const header = mapping[field.name];
    const value = header === undefined ? undefined : byHeader[header];
    if (value) values[field.name] = value;
  }
  return values;
}

export interface RowError {
  field: string;
  message: string;
}

/** the spec's words: the contracts' schemas say them, by field path */
function issuesOf(error: z.ZodError, prefix = ''): RowError[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return { field: prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name, message: issue.message };
  });
}

/** The typed value of each mapped field (numbers, lists), or the errors of the cells that are not. */
function typed(kind: ImportKind, values: Record<string, string>): { input: Record<string, unknown>; errors: RowError[] } {
  const input: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const field of IMPORT_FIELDS[kind]) {
    const cell = values[field.name];
    if (cell === undefined) continue;
    // a cell that shows nothing (zero-width or bidi marks only) is an empty cell, as in the forms
    const text = isInvisibleText(cell) ? '' : cell;
    if (field.as === 'number') {
      const n = Number(text.replace(/[\s,$€£]/g, ''));
      if (Number.isFinite(n)) input[field.name] = n;
      else errors.push({ field: field.name, message: `${field.label} must be a number` });
    } else if (field.as === 'list')
      input[field.name] = text
        .split(/[;,|]/)
        .map((s) => s.trim())
        .filter((s) => s && !isInvisibleText(s));
    else if (field.as === 'lower') input[field.name] = text.toLowerCase();
    else input[field.name] = text;
  }
  return { input, errors };
}

export type ValidRow =
  | { kind: 'candidates'; body: z.output<typeof CreateCandidateBodySchema>; input: Record<string, unknown> }
  | {
      kind: 'clients';
      body: z.output<typeof CreateClientBodySchema>;
      contact: z.output<typeof AddClientContactBodySchema> | null;
      input: Record<string, unknown>;
    }
  | { kind: 'jobs'; body: z.output<typeof CreateJobBodySchema>; clientName: string | null; input: Record<string, unknown> };

/** A row checked with the same schemas as the forms: the command's body, or the errors in the spec's words. */
export function validateRow(kind: ImportKind, values: Record<string, string>): { row: ValidRow | null; errors: RowError[] } {
  const { input, errors } = typed(kind, values);
  if (kind === 'candidates') {
    const parsed = CreateCandidateBodySchema.safeParse(input);
    if (!parsed.success) errors.push(...issuesOf(parsed.error));
    return errors.length || !parsed.success ? { row: null, errors } : { row: { kind, body: parsed.data, input }, errors };
  }
  if (kind === 'clients') {
    const { contactName, contactTitle, contactEmail, contactPhone, ...client } = input;
    const parsed = CreateClientBodySchema.safeParse(client);
    if (!parsed.success) errors.push(...issuesOf(parsed.error));
    const hasContact = [contactName, contactTitle, contactEmail, contactPhone].some((v) => v !== undefined);
    const contact = hasContact
      ? AddClientContactBodySchema.safeParse({ name: contactName, title: contactTitle, email: contactEmail, phone: contactPhone })
      : null;
    if (contact && !contact.success) errors.push(...issuesOf(contact.error, 'contact'));
    if (errors.length || !parsed.success || (contact && !contact.success)) return { row: null, errors };
    return { row: { kind, body: parsed.data, contact: contact?.data ?? null, input }, errors };
  }
  const { clientName, ...job } = input;
  const parsed = CreateJobBodySchema.safeParse(job);
  if (!parsed.success) errors.push(...issuesOf(parsed.error));
  if (errors.length || !parsed.success) return { row: null, errors };
  return { row: { kind, body: parsed.data, clientName: typeof clientName === 'string' ? clientName : null, input }, errors };
}
