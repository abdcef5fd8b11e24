import { EMAIL_TEMPLATE_NAMES, RECIPIENT_KINDS } from '@ats/contracts';
import type { CommunicationListParams } from '@/lib/query-keys';
import { day, oneOf, positiveInt, searchSchema, text, type SearchOf } from '../../../lib/search-params';

/**
 * The hub's URL search: the search words, the filters (template, sender, recipient kind or one
 * recipient, a client, local calendar days, delivered or outbox), the open message and the tab.
 * A bad value is dropped rather than failing the page. The router reads `?delivered=true&q=123`
 * as JSON (a boolean, a number): the text fields take them back as text.
 */
export const HubSearchSchema = searchSchema({
  q: text({ max: 200, coerce: true }),
  template: oneOf(EMAIL_TEMPLATE_NAMES),
  sender: text({ min: 1, max: 200, coerce: true }),
  recipientKind: oneOf(RECIPIENT_KINDS),
  recipient: positiveInt(),
  client: positiveInt(),
  from: day(),
  to: day(),
  delivered: oneOf(['true', 'false'], { coerce: true }),
  open: positiveInt(),
  tab: oneOf(['emails', 'templates']),
});
export type HubSearch = SearchOf<typeof HubSearchSchema>;

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
