import { z } from 'zod';
import { EMAIL_TEMPLATE_NAMES, RECIPIENT_KINDS } from '@ats/contracts';
import type { CommunicationListParams } from '@/lib/query-keys';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.coerce.number().int().positive();
// the router reads `?delivered=true&q=123` as JSON (a boolean, a number): take them back as text
const text = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), schema);

/**
 * The hub's URL search: the search words, the filters (template, sender, recipient kind or one
 * recipient, a client, local calendar days, delivered or outbox), the open message and the tab.
 * A bad value is dropped rather than failing the page.
 */
export const HubSearchSchema = z.object({
  q: text(z.string().trim().max(200)).optional().catch(undefined),
  template: z.enum(EMAIL_TEMPLATE_NAMES).optional().catch(undefined),
  sender: text(z.string().trim().min(1).max(200)).optional().catch(undefined),
  recipientKind: z.enum(RECIPIENT_KINDS).optional().catch(undefined),
  recipient: id.optional().catch(undefined),
  client: id.optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  delivered: text(z.enum(['true', 'false']))
    .optional()
    .catch(undefined),
  open: id.optional().catch(undefined),
  tab: z.enum(['emails', 'templates']).optional().catch(undefined),
});
export type HubSearch = z.infer<typeof HubSearchSchema>;

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an ISO instant. */
function startOfLocalDay(value: string, plusDays = 0): string | undefined {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The server's query for the hub's filters: days are the user's own (from the start of `from`
 * to the end of `to`, both included, read the right way round); a recipient needs its kind, so
 * a recipient without one (or with 'other') is left out.
 */
export function toHubQuery(search: HubSearch): CommunicationListParams {
  let { from, to } = search;
  if (from && to && from > to) [from, to] = [to, from];
  const recipientOk = search.recipient !== undefined && (search.recipientKind === 'candidate' || search.recipientKind === 'contact');
  return {
    q: search.q || undefined,
    template: search.template,
    sender: search.sender,
    recipientKind: search.recipientKind,
    recipient: recipientOk ? search.recipient : undefined,
    client: search.client,
    from: from ? startOfLocalDay(from) : undefined,
    to: to ? startOfLocalDay(to, 1) : undefined,
    delivered: search.delivered,
  };
}

/** Whether any filter or search words narrow the list (the empty state says which). */
export const isFiltered = (search: HubSearch) =>
  Boolean(
    search.q ||
    search.template ||
    search.sender ||
    search.recipientKind ||
    search.recipient ||
    search.client ||
    search.from ||
    search.to ||
    search.delivered,
  );
