import type { SqlClient } from '../sql/sql-client';

/** What an erasure takes out of every read model: substrings anywhere, and whole values. */
export interface ScrubNeedles {
  /** replaced wherever they occur, case-insensitively (full name, e-mail, phones, URLs, texts) */
  anywhere: readonly string[];
  /** replaced only where a whole string value equals them (a first or last name alone) */
  wholeValues: readonly string[];
}

export const SCRUB_REPLACEMENT = '[erased]';

const escapeRegex = (text: string) => text.replace(/[\\.^$|?*+()[\]{}]/g, (c) => `\\${c}`);
/** how a string appears inside jsonb's text form */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

const alternation = (parts: string[]) => {
  if (parts.length === 0) return null;
  // longest first, so a full name goes before a name inside it
  return `(${[...new Set(parts)].sort((a, b) => b.length - a.length).join('|')})`;
};

/** case-insensitive regexes over a document's JSON text: substrings, and whole values with their quotes */
export function scrubPatterns(needles: ScrubNeedles): { anywhere: string | null; whole: string | null } {
  return {
    anywhere: alternation(needles.anywhere.filter((n) => n.trim().length >= 3).map((n) => escapeRegex(jsonInner(n.trim())))),
    whole: alternation(needles.wholeValues.filter((n) => n.trim().length >= 2).map((n) => `"${escapeRegex(jsonInner(n.trim()))}"`)),
  };
}

/**
 * Replaces the needles in every document of every collection listed in the registry (live,
 * `__rebuild` copies, dead letters and checkpoints alike). Returns how many documents changed.
 */
export async function scrubSqlDocuments(
  sql: SqlClient,
  registry: string,
  table: (collection: string) => string,
  needles: ScrubNeedles,
): Promise<number> {
  const { anywhere, whole } = scrubPatterns(needles);
  if (!anywhere && !whole) return 0;
  const params: string[] = [];
  let expr = 'doc::text';
  const tests: string[] = [];
  for (const [pattern, replacement] of [
    [anywhere, SCRUB_REPLACEMENT],
    [whole, `"${SCRUB_REPLACEMENT}"`],
  ] as const) {
    if (!pattern) continue;
    params.push(pattern, replacement);
    expr = `regexp_replace(${expr}, $${params.length - 1}, $${params.length}, 'gi')`;
    tests.push(`doc::text ~* $${params.length - 1}`);
  }
  const { rows } = await sql.query<{ name: string }>(`SELECT name FROM ${registry}`);
  let changed = 0;
  for (const { name } of rows) {
    const result = await sql.query(`UPDATE ${table(name)} SET doc = (${expr})::jsonb WHERE ${tests.join(' OR ')}`, params);
    changed += result.affectedRows ?? 0;
  }
  return changed;
}
