import type { FieldError } from '@ats/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** The field errors (problem+json `errors`, body paths like `email` or `customData.subject`) of a failed call. */
export function problemFieldErrors(error: unknown): FieldError[] {
  return isApiError(error) ? (error.problem?.errors ?? []) : [];
}

/**
 * Which form field each server error belongs to: the path itself, an alias for it (a body
 * field the form names otherwise, e.g. `text` → `message`), its last segment
 * (`customData.subject` → `subject`) or its first (`skills.0` → `skills`). The first message
 * per field wins; the rest are unmatched.
 */
export function matchFieldErrors(
  errors: readonly FieldError[],
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { matched: { name: string; message: string }[]; unmatched: FieldError[] } {
  const known = new Set(fields);
  const matched: { name: string; message: string }[] = [];
  const unmatched: FieldError[] = [];
  for (const error of errors) {
    const segments = error.path.split('.');
    const last = segments.at(-1) ?? error.path;
    const first = segments[0] ?? error.path;
    const name = [aliases[error.path], error.path, aliases[last], last, aliases[first], first].find(
      (n): n is string => n !== undefined && known.has(n),
    );
    if (!name) unmatched.push(error);
    else if (!matched.some((m) => m.name === name)) matched.push({ name, message: error.message });
  }
  return { matched, unmatched };
}

/**
 * Shows a failed call's field errors under the fields they name (react-hook-form `setError`,
 * the first one focused). `fields` is the form's field names, or its values (their keys are the
 * names). True when at least one field got a message, so the caller can skip its toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | T,
  aliases?: Readonly<Record<string, string>>,
): boolean {
  const names = Array.isArray(fields) ? (fields as readonly string[]) : Object.keys(fields);
  const { matched } = matchFieldErrors(problemFieldErrors(error), names, aliases);
  matched.forEach(({ name, message }, i) => setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: i === 0 }));
  return matched.length > 0;
}
