import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts a refused save's field errors (problem+json `errors[].path`) under the form's fields of
 * the same name. True when at least one landed on a field the form has.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const fieldError of error.problem?.errors ?? []) {
    const name = fieldError.path.split('.')[0] ?? '';
    if (!fields.includes(name)) continue;
    setError(name as Path<T>, { type: 'server', message: fieldError.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
