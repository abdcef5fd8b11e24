import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../sql/sql-client';
import type { Where } from './port';

/**
 * Where a collection's documents about the person are, found by index: their ids (the primary
 * key), or a condition on indexed fields. Only these documents are searched and scrubbed.
 */
export type ScrubScope = { ids: readonly (string | number)[] } | { where: Where };

/** What an erasure takes out of every read model: substrings anywhere, and whole values. */
export interface ScrubNeedles {
  /** replaced wherever they occur, case-insensitively (full name, e-mail, phones, URLs, texts) */
  anywhere: readonly string[];
  /**
   * replaced only where a whole string value equals them (a first or last name alone), and only in
   * documents that also hold one of `anywhere` (a document about the person): another candidate
   * who shares the first name keeps it
   */
  wholeValues: readonly string[];
  /** the collections to scrub (default: every collection in the registry) */
  collections?: (name: string) => boolean;
  /**
   * per collection, where its documents about the person are (the union of the scopes; an empty
   * list: none). Undefined for a collection: every document of it is searched (the safety net for
   * collections that can hold free text about someone else).
   */
  scopes?: (name: string) => readonly ScrubScope[] | undefined;
  /**
   * A writer's fence (`WriteFence`, e.g. the projector's): rewritten with a new token, when its
   * collection exists, in the scrub's transaction before any document changes, so a write fenced
   * on an earlier read of it writes nothing. With a fence the whole scrub is one transaction.
   */
  fence?: { collection: string; id: string };
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
 * The same replacement on a document's JSON text in JavaScript (stores that cannot run it in the
 * database, e.g. MongoDB): the scrubbed text, or null when the document is not about the person.
 * Null as a whole when there is nothing to look for.
 */
export function jsonTextScrubber(needles: ScrubNeedles): ((json: string) => string | null) | null {
  const { anywhere, whole } = scrubPatterns(needles);
  // whole values alone never decide that a document is about the person
  if (!anywhere) return null;
  const about = new RegExp(anywhere, 'i');
  const every = new RegExp(anywhere, 'gi');
  const wholeValue = whole ? new RegExp(whole, 'gi') : null;
  return (json) => {
    if (!about.test(json)) return null;
    const next = json.replace(every, SCRUB_REPLACEMENT);
    return wholeValue ? next.replace(wholeValue, `"${SCRUB_REPLACEMENT}"`) : next;
  };
}

/**
 * Replaces the needles in the documents about the person (those holding one of `anywhere`) of
 * every collection listed in the registry, or of `needles.collections` (the read models: live,
 * `__rebuild` copies and dead letters; never accounts or sessions). Returns how many changed.
 */
export async function scrubSqlDocuments(
  sql: SqlClient,
  registry: string,
  table: (collection: string) => string,
  needles: ScrubNeedles,
  /** the store's own SQL for a `where` (the expressions its indexes are built on), params appended */
  whereSql?: (where: Where, params: unknown[]) => string,
): Promise<number> {
  const { anywhere, whole } = scrubPatterns(needles);
  if (!anywhere && !whole) return 0;
  if (!anywhere) return 0; // whole values alone never decide that a document is about the person
  const params: unknown[] = [anywhere, SCRUB_REPLACEMENT];
  let expr = `regexp_replace(doc::text, $1, $2, 'gi')`;
  if (whole) {
    params.push(whole, `"${SCRUB_REPLACEMENT}"`);
    expr = `regexp_replace(${expr}, $3, $4, 'gi')`;
  }
  if (!needles.fence) return scrubAll(sql, registry, table, needles, params, expr, whereSql);
  const fence = needles.fence;
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(`SELECT name FROM ${registry} WHERE name = $1`, [fence.collection]);
    // first: a fenced write that read before this point waits for this transaction, then writes nothing
    if (rows.length > 0)
      await tx.query(
        `INSERT INTO ${table(fence.collection)} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        [fence.id, JSON.stringify({ id: fence.id, token: randomUUID() })],
      );
    return scrubAll(tx, registry, table, needles, params, expr, whereSql);
  });
}

async function scrubAll(
  sql: SqlClient,
  registry: string,
  table: (collection: string) => string,
  needles: ScrubNeedles,
  params: readonly unknown[],
  expr: string,
  whereSql: ((where: Where, params: unknown[]) => string) | undefined,
): Promise<number> {
  const { rows } = await sql.query<{ name: string }>(`SELECT name FROM ${registry}`);
  let changed = 0;
  for (const { name } of rows) {
    if (needles.collections && !needles.collections(name)) continue;
    const scopes = needles.scopes?.(name);
    if (!scopes) {
      const result = await sql.query(`UPDATE ${table(name)} SET doc = (${expr})::jsonb WHERE doc::text ~* $1`, [...params]);
      changed += result.affectedRows ?? 0;
      continue;
    }
    // by index: only the documents about the person, and of them only those still holding a needle
    for (const scope of scopes) {
      const scoped = [...params];
      let found: string;
      if ('ids' in scope) {
        if (scope.ids.length === 0) continue;
        scoped.push(scope.ids.map(String));
        found = `id = ANY($${scoped.length}::text[])`;
      } else {
        if (!whereSql) throw new Error("scrubSqlDocuments: a where scope needs the store's whereSql");
        found = whereSql(scope.where, scoped);
      }
      const result = await sql.query(`UPDATE ${table(name)} SET doc = (${expr})::jsonb WHERE ${found} AND doc::text ~* $1`, scoped);
      changed += result.affectedRows ?? 0;
    }
  }
  return changed;
}
