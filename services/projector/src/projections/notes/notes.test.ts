import { NoteSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { noteAdded } from '../../../test/support/fixtures';
import { notesProjection } from './index';

describe('notes projection', () => {
  it('stores a note with its author', () => {
    const at = eventLog();
    const { docs } = project([notesProjection], [at(noteAdded({ noteId: 4, candidateId: 9 }), { occurredAt: '2025-03-04T08:30:00.000Z' })]);
    expect(docs('notes')).toEqual([
      {
        id: 4,
        candidateId: 9,
        content: 'Strong first call.',
        createdBy: 'u2',
        authorName: 'Maria Chen',
        createdAt: '2025-03-04T08:30:00.000Z',
      },
    ]);
    expect(NoteSchema.strict().parse(docs('notes')[0])).toEqual(docs('notes')[0]);
  });

  it('routes notices to the candidate', () => {
    const at = eventLog();
    expect(notesProjection.refs?.(at(noteAdded({ candidateId: 9 })))).toEqual({ candidateId: [9] });
  });
});
