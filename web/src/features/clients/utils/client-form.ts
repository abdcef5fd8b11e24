import type { z } from 'zod';
import { CreateClientBodySchema, type Client, type UpdateClientBody } from '@ats/contracts';

/** Add Client and Edit Client share the contract's create schema (its messages, SPEC §5). */
export const ClientFormSchema = CreateClientBodySchema;
export type ClientFormValues = z.input<typeof ClientFormSchema>;
export type ClientFormOutput = z.output<typeof ClientFormSchema>;

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  companyName: '',
  industry: '',
  website: '',
  description: '',
  address: '',
  priority: 'medium',
  status: 'active',
  notes: '',
};

export const CLIENT_PRIORITIES = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];
export const CLIENT_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The edit form, prefilled from the client. */
export function toClientEditValues(client: Client): ClientFormValues {
  return {
    companyName: client.companyName,
    industry: client.industry ?? '',
    website: client.website ?? '',
    description: client.description ?? '',
    address: client.address ?? '',
    priority: client.priority,
    status: client.status,
    notes: client.notes ?? '',
  };
}

/** The PATCH body: every field (the server merges what the user did not change), emptied ones as null. */
export function toUpdateClientBody(values: ClientFormOutput, baseRevision: number | undefined): UpdateClientBody {
  const body: UpdateClientBody = {
    companyName: values.companyName,
    industry: values.industry ?? null,
    website: values.website ?? null,
    description: values.description ?? null,
    address: values.address ?? null,
    priority: values.priority,
    status: values.status,
    notes: values.notes ?? null,
  };
  return baseRevision === undefined ? body : { ...body, baseRevision };
}

export const CLIENT_FIELD_LABELS: Record<string, string> = {
  companyName: 'Company Name',
  industry: 'Industry',
  website: 'Website',
  priority: 'Priority',
  status: 'Status',
  address: 'Address',
  description: 'Description',
  notes: 'Notes',
};
export const CLIENT_TEXT_FIELDS = ['companyName', 'industry', 'address', 'description', 'notes'];
