import type { z } from 'zod';
import { AddClientContactBodySchema } from '@ats/contracts';

/** Add Contact Person (SPEC §5): the contract's body schema, so browser and server validate alike. */
export const ContactFormSchema = AddClientContactBodySchema;
export type ContactFormValues = z.input<typeof AddClientContactBodySchema>;
export type ContactFormOutput = z.output<typeof AddClientContactBodySchema>;

export const EMPTY_CONTACT_FORM = { name: '', title: '', email: '', phone: '', notes: '', isPrimary: false } satisfies ContactFormValues;
