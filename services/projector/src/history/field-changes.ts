import { HISTORY_FIELD_LABELS, SOURCE_LABELS, STAGE_LABELS, type FieldChange, type RecordKind } from '@ats/contracts';

/** Resolves an id field's value to a name (e.g. a job's `clientId` to the company); null = unknown. */
export type ValueResolver = (field: string, value: unknown) => string | null;

const MONEY_THOUSANDS = new Set(['salaryExpectation', 'salaryMin', 'salaryMax']);
const MONEY = new Set(['hourlyRateMin', 'hourlyRateMax']);
const ENUMS = new Set(['status', 'priority', 'type', 'experienceLevel']);
const LONG_TEXT = 200;

const humanise = (v: string) => {
  const words = v.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's value as History shows it: "$250,000", "Interview", "React, Node", null when empty. */
export function formatFieldValue(field: string, value: unknown, resolve?: ValueResolver): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(', ');
  if (typeof value === 'number') {
    if (MONEY_THOUSANDS.has(field)) return `$${(value * 1000).toLocaleString('en-US')}`;
    if (MONEY.has(field)) return `$${value.toLocaleString('en-US')}`;
    if (field === 'feePercentage') return `${value}%`;
    if (field.endsWith('Id')) return resolve?.(field, value) ?? `#${value}`;
    return value.toLocaleString('en-US');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (field === 'stage') return STAGE_LABELS[value] ?? humanise(value);
    // as the profile and the forms name it ('Professional network', not 'professional_network')
    if (field === 'source') return SOURCE_LABELS[value as keyof typeof SOURCE_LABELS] ?? humanise(value);
    if (ENUMS.has(field)) return humanise(value);
    return value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT - 1)}…` : value;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The labelled fields that differ between the state before and after an event, in the form's
 * order: "Current Job Title: VP Finance → CFO". A record that comes into being lists the fields it
 * was created with (from null); one that goes away lists none (the summary says it).
 */
export function fieldChanges(
  kind: RecordKind,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  resolve?: ValueResolver,
): FieldChange[] {
  if (!after) return [];
  const changes: FieldChange[] = [];
  for (const [field, label] of Object.entries(HISTORY_FIELD_LABELS[kind])) {
    const from = before ? before[field] : null;
    const to = after[field];
    if (same(from, to)) continue;
    const shownFrom = formatFieldValue(field, from, resolve);
    const shownTo = formatFieldValue(field, to, resolve);
    if (shownFrom === shownTo) continue;
    changes.push({ field, label, from: shownFrom, to: shownTo });
  }
  return changes;
}
