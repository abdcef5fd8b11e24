import type { QueryKey } from '@tanstack/react-query';
import { APPLICATION_STAGES, type Application, type ApplicationStage, type NoticePatch, type PipelineSummary } from '@ats/contracts';

/**
 * Pure functions that draw a `changed` notice's values into cached data at once (the refetch that
 * follows only reconciles): a card moved between the board's columns, a record's changed fields.
 */

/** A board column as cached: fetched pages of cards (the shape of `get-applications.ts`). */
export interface CachedColumn {
  pages: Array<{ items: Application[]; hasMore: boolean }>;
  pageParams: unknown[];
}

/** The server's order within a column: newest application first, then the higher id. */
function before(a: Application, b: Application): boolean {
  const byDate = Date.parse(b.appliedAt) - Date.parse(a.appliedAt);
  if (byDate !== 0 && !Number.isNaN(byDate)) return byDate < 0;
  return a.id > b.id;
}

function without(column: CachedColumn, id: number): { column: CachedColumn; card: Application | null } {
  for (let p = 0; p < column.pages.length; p++) {
    const page = column.pages[p]!;
    const index = page.items.findIndex((card) => card.id === id);
    if (index === -1) continue;
    const pages = [...column.pages];
    pages[p] = { ...page, items: [...page.items.slice(0, index), ...page.items.slice(index + 1)] };
    return { column: { ...column, pages }, card: page.items[index]! };
  }
  return { column, card: null };
}

function withCard(column: CachedColumn, card: Application): CachedColumn {
  if (column.pages.length === 0) return { ...column, pages: [{ items: [card], hasMore: false }], pageParams: [0] };
  const pages = [...column.pages];
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p]!;
    const index = page.items.findIndex((item) => before(card, item));
    if (index === -1) continue;
    pages[p] = { ...page, items: [...page.items.slice(0, index), card, ...page.items.slice(index)] };
    return { ...column, pages };
  }
  // after every loaded card: at the end, in sight until the refetch places it
  const last = pages.length - 1;
  pages[last] = { ...pages[last]!, items: [...pages[last]!.items, card] };
  return { ...column, pages };
}

const isStage = (value: unknown): value is ApplicationStage =>
  typeof value === 'string' && (APPLICATION_STAGES as readonly string[]).includes(value);

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

export interface ColumnUpdates {
  /** columns to write, by key */
  columns: Array<[QueryKey, CachedColumn]>;
  /** per board filter (the key's third part) that saw the card move: from → to */
  moves: Array<{ filter: unknown; from: ApplicationStage; to: ApplicationStage }>;
}

/**
 * Pure: the board's cached columns (keys `[..., filter, stage]`) after an application patch. In
 * each filter the card leaves whatever column holds it and enters the column of its new stage at
 * its place in the server's order; a card already there takes the new values; a card no column of
 * a filter holds is left to the refetch (it may be outside the loaded pages or the filter).
 */
export function moveCardInColumns(
  entries: ReadonlyArray<readonly [QueryKey, CachedColumn | undefined]>,
  patch: NoticePatch,
): ColumnUpdates {
  const to = patch.fields.stage;
  const id = Number(patch.id);
  const out: ColumnUpdates = { columns: [], moves: [] };
  if (!isStage(to) || !Number.isInteger(id)) return out;
  const byFilter = new Map<string, Array<readonly [QueryKey, CachedColumn]>>();
  for (const [key, column] of entries) {
    if (!column || key.length < 4) continue;
    const filter = JSON.stringify(key[2]);
    byFilter.set(filter, [...(byFilter.get(filter) ?? []), [key, column]]);
  }
  for (const columns of byFilter.values()) {
    const target = columns.find(([key]) => key[3] === to);
    for (const [key, column] of columns) {
      const { column: rest, card } = without(column, id);
      if (!card) continue;
      const moved: Application = { ...card, ...pick(card, patch.fields), stage: to };
      if (key[3] === to) {
        out.columns.push([key, withCard(rest, moved)]);
        continue;
      }
      out.columns.push([key, rest]);
      out.moves.push({ filter: key[2], from: card.stage, to });
      if (target) {
        const written = out.columns.find(([k]) => sameKey(k, target[0]));
        const base = written ? written[1] : target[1];
        const next = withCard(base, moved);
        if (written) written[1] = next;
        else out.columns.push([target[0], next]);
      }
    }
  }
  return out;
}

/** Pure: the summary counts after one card moved (unchanged when it did not). */
export function moveInSummary(summary: PipelineSummary, from: ApplicationStage, to: ApplicationStage): PipelineSummary {
  if (from === to) return summary;
  const stages = { ...summary.stages };
  stages[from] = Math.max(0, (stages[from] ?? 0) - 1);
  stages[to] = (stages[to] ?? 0) + 1;
  return { ...summary, stages };
}

/** The fields of `values` the record already has: a notice never adds a key the screen's read lacks. */
function pick<T extends object>(record: T, values: Record<string, unknown>): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (key in record) out[key] = value;
  return out as Partial<T>;
}

/** Pure: a cached record (candidate, job, client) with a notice's changed fields; the same object when nothing changes. */
export function patchRecord<T extends object>(record: T | undefined, fields: Record<string, unknown>): T | undefined {
  if (!record || typeof record !== 'object') return record;
  const values = pick(record, fields);
  const keys = Object.keys(values) as Array<keyof T>;
  if (keys.every((key) => JSON.stringify(record[key]) === JSON.stringify(values[key]))) return record;
  return { ...record, ...values };
}

/**
 * The newest revision applied per document: a notice that arrives after a newer one (out of
 * order) is not drawn, so the screen never goes back in time.
 */
export function createRevisionGate(limit = 5_000) {
  const seen = new Map<string, number>();
  return {
    /** true when the patch is newer than anything applied to the document, and notes it */
    accept(readModel: string, patch: Pick<NoticePatch, 'id' | 'revision'>): boolean {
      const key = `${readModel}:${String(patch.id)}`;
      const last = seen.get(key);
      if (last !== undefined && last >= patch.revision) return false;
      if (seen.size >= limit) seen.clear();
      seen.set(key, patch.revision);
      return true;
    },
  };
}
