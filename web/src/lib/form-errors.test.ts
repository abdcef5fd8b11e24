import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { matchFieldErrors, problemFieldErrors } from './form-errors';

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
});
