import type { EditConflict, EditConflictProblem } from '@ats/contracts';
import { isApiError } from './api-client';
import { asEditConflict } from './wire-checks';

/** The 409 edit_conflict a save was refused with, or null for any other error. */
export function parseEditConflict(error: unknown): EditConflictProblem | null {
  if (!isApiError(error) || error.status !== 409 || !error.problem) return null;
  return asEditConflict(error.problem);
}

/** How the user settles one conflicting field. */
export type ConflictChoice = { kind: 'mine' } | { kind: 'theirs' } | { kind: 'merged'; text: string };

/** A value as the dialog shows it: arrays joined, empty as "(empty)". */
export function formatConflictValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.join(', ');
  return String(value);
}

/** Whether a field's two values can be merged as text (both text or empty, and not a choice list). */
export function isMergeable(conflict: EditConflict, textFields: readonly string[]): boolean {
  const text = (v: unknown) => v === null || typeof v === 'string';
  return textFields.includes(conflict.field) && text(conflict.yours) && text(conflict.theirs);
}

/** The merge editor's starting text: both versions, mine first. */
export function mergeStart(conflict: EditConflict): string {
  const mine = typeof conflict.yours === 'string' ? conflict.yours : '';
  const theirs = typeof conflict.theirs === 'string' ? conflict.theirs : '';
  return [mine, theirs].filter((t) => t.length > 0).join('\n\n');
}

/**
 * The body to save again after the user chose per field: mine keeps my value, theirs takes
 * theirs (so nothing changes there), merged sends the edited text; the base is the revision the
 * conflict reported, so the same conflict is not raised twice.
 */
export function resolvedBody<B extends Record<string, unknown>>(
  body: B,
  problem: Pick<EditConflictProblem, 'conflicts' | 'revision'>,
  choices: Record<string, ConflictChoice>,
): B & { baseRevision: number } {
  const out: Record<string, unknown> = { ...body, baseRevision: problem.revision };
  for (const conflict of problem.conflicts) {
    const choice = choices[conflict.field] ?? { kind: 'mine' };
    if (choice.kind === 'theirs') out[conflict.field] = conflict.theirs;
    else if (choice.kind === 'merged') out[conflict.field] = choice.text;
    else out[conflict.field] = conflict.yours;
  }
  return out as B & { baseRevision: number };
}
