import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { matchFieldErrors, problemFieldErrors, showServerFieldErrors } from './form-errors';

const problem = (errors: { path: string; message: string }[]) =>
  new ApiError(409, '', { type: 'about:blank', title: 'Conflict', status: 409, code: 'email_taken', errors }, 'Conflict');

describe('server field errors', () => {
  it('reads the field errors of a problem+json failure, none of anything else', () => {
    expect(problemFieldErrors(problem([{ path: 'email', message: 'A candidate with this email already exists' }]))).toEqual([
      { path: 'email', message: 'A candidate with this email already exists' },
    ]);
    expect(problemFieldErrors(new ApiError(500, 'boom', null, 'Server Error'))).toEqual([]);
    expect(problemFieldErrors(new Error('offline'))).toEqual([]);
  });

  it('maps paths to the form fields: exact, aliased, or by their last segment', () => {
    const { matched, unmatched } = matchFieldErrors(
      [
        { path: 'email', message: 'taken' },
        { path: 'customData.subject', message: 'Subject is required' },
        { path: 'text', message: 'Message is required' },
        { path: 'params.id', message: 'Invalid id' },
      ],
      ['email', 'subject', 'message', 'to'],
      { text: 'message' },
    );
    expect(matched).toEqual([
      { name: 'email', message: 'taken' },
      { name: 'subject', message: 'Subject is required' },
      { name: 'message', message: 'Message is required' },
    ]);
    expect(unmatched).toEqual([{ path: 'params.id', message: 'Invalid id' }]);
  });

  it('keeps the first message of a field', () => {
    const { matched } = matchFieldErrors(
      [
        { path: 'email', message: 'first' },
        { path: 'email', message: 'second' },
      ],
      ['email'],
    );
    expect(matched).toEqual([{ name: 'email', message: 'first' }]);
  });

  it('falls back to the first segment of an item path (`skills.0` → `skills`)', () => {
    const { matched } = matchFieldErrors([{ path: 'skills.0', message: 'Too long' }], ['skills', 'email']);
    expect(matched).toEqual([{ name: 'skills', message: 'Too long' }]);
  });

  it('shows the errors under the named fields, focuses the first, and says whether any was shown', () => {
    const setError = vi.fn();
    const shown = showServerFieldErrors(
      problem([
        { path: 'email', message: 'taken' },
        { path: 'customData.subject', message: 'Subject is required' },
      ]),
      setError,
      ['email', 'subject'],
    );
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'taken' }, { shouldFocus: true }],
      ['subject', { type: 'server', message: 'Subject is required' }, { shouldFocus: false }],
    ]);
  });

  it('takes the form values as the field list too, and is false when nothing matched', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors(problem([{ path: 'email', message: 'taken' }]), setError, { email: '', name: '' })).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    setError.mockClear();
    expect(showServerFieldErrors(problem([{ path: 'params.id', message: 'Invalid id' }]), setError, ['email'])).toBe(false);
    expect(showServerFieldErrors(new Error('offline'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
