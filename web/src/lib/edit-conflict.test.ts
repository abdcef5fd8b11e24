import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '@ats/contracts';
import { ApiError } from './api-client';
import { formatConflictValue, isMergeable, mergeStart, parseEditConflict, resolvedBody } from './edit-conflict';

const by = { id: 'u-riley', name: 'Riley Chen' };
const at = '2026-11-03T08:00:00.000Z';
const problem = {
  type: 'https://ats.example/problems/edit-conflict',
  title: 'Conflict',
  status: 409,
  code: 'edit_conflict',
  detail: 'Riley Chen changed summary',
  revision: 4,
  conflicts: [
    { field: 'summary', yours: 'Mine.', theirs: 'Theirs.', by, at },
    { field: 'status', yours: 'inactive', theirs: 'placed', by, at },
    { field: 'location', yours: 'Paris', theirs: null, by, at },
  ],
};

describe('edit conflicts in the web app', () => {
  it('reads a 409 edit_conflict and nothing else', () => {
    const error = new ApiError(409, JSON.stringify(problem), ProblemSchema.parse(problem), 'Conflict');
    expect(parseEditConflict(error)?.conflicts).toHaveLength(3);
    expect(parseEditConflict(new ApiError(409, '', ProblemSchema.parse({ ...problem, code: 'stage_conflict' }), 'Conflict'))).toBeNull();
    expect(parseEditConflict(new Error('x'))).toBeNull();
  });

  it('re-saves with my value, theirs or the merged text, from the reported revision', () => {
    const body = { summary: 'Mine.', status: 'inactive', location: 'Paris', lastName: 'King', baseRevision: 2 };
    expect(
      resolvedBody(body, problem, {
        summary: { kind: 'merged', text: 'Mine.\n\nTheirs.' },
        status: { kind: 'theirs' },
        location: { kind: 'mine' },
      }),
    ).toEqual({ summary: 'Mine.\n\nTheirs.', status: 'placed', location: 'Paris', lastName: 'King', baseRevision: 4 });
  });

  it('offers a merge only for text fields, starting from both versions', () => {
    expect(isMergeable(problem.conflicts[0]!, ['summary', 'location'])).toBe(true);
    expect(isMergeable(problem.conflicts[1]!, ['summary', 'location'])).toBe(false);
    expect(isMergeable(problem.conflicts[2]!, ['summary', 'location'])).toBe(true);
    expect(mergeStart(problem.conflicts[0]!)).toBe('Mine.\n\nTheirs.');
    expect(mergeStart(problem.conflicts[2]!)).toBe('Paris');
    expect(formatConflictValue(['a', 'b'])).toBe('a, b');
    expect(formatConflictValue(null)).toBe('(empty)');
  });
});
