import type { EditConflict } from '@ats/contracts';
import { ConflictError } from './errors';

/** Someone's recorded edit of a record: the fields it set, who, when, at which stream revision. */
export interface RecordedEdit {
  revision: number;
  changes: Record<string, unknown>;
  by: { id: string; name: string };
  at: string;
}

/**
 * What an edit started from, as the handler read it from the record's stream: the revision the
 * user saw, the record's fields at that revision, and the edits recorded after it.
 */
export interface EditBase {
  revision: number;
  /** the record's revision now (what a re-save sends as its `baseRevision`) */
  currentRevision: number;
  fields: Record<string, unknown>;
  edits: RecordedEdit[];
}

/** 409: a field the user changed was changed by someone else since the user's base revision. */
export class EditConflictError extends ConflictError {
  constructor(conflicts: EditConflict[], revision: number) {
    const first = conflicts[0]!;
    const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more field${conflicts.length > 2 ? 's' : ''})` : '';
    super('edit_conflict', `${first.by.name} changed ${first.field} at ${first.at}${more} since you started editing.`, {
      conflicts,
      revision,
    });
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The part of `requested` to apply, judged against the edits recorded since the user's base:
 * - a field nobody else changed since the base is applied as asked;
 * - a field someone else changed, which the user left at its base value, keeps theirs (merge);
 * - a field someone else changed to exactly the user's value is nothing to argue about;
 * - a field both changed, differently, is a conflict: all of them are refused together (409).
 * Without a base this is today's behaviour: everything asked is applied (last write wins).
 */
export function resolveEdit<T extends Record<string, unknown>>(current: Partial<T>, requested: Partial<T>, base?: EditBase): Partial<T> {
  if (!base) return requested;
  const out: Partial<T> = {};
  const conflicts: EditConflict[] = [];
  for (const [key, yours] of Object.entries(requested) as Array<[keyof T & string, T[keyof T & string]]>) {
    if (yours === undefined) continue;
    const later = base.edits.filter((edit) => edit.revision > base.revision && key in edit.changes);
    const last = later[later.length - 1];
    if (!last) {
      out[key] = yours;
      continue;
    }
    const theirs = current[key];
    if (same(yours, theirs) || same(yours, base.fields[key])) continue;
    conflicts.push({ field: key, yours, theirs: theirs ?? null, by: last.by, at: last.at });
  }
  if (conflicts.length > 0) throw new EditConflictError(conflicts, base.currentRevision);
  return out;
}
