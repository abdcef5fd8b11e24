import type { Note } from '@ats/contracts';
import { defineRecordProjection } from '../../projection';

/** Notes about candidates (contracts' NoteSchema), listed per candidate. */
export type NoteDoc = Note;

export const notesProjection = defineRecordProjection<NoteDoc, 'NoteAdded'>({
  name: 'notes',
  collection: { name: 'notes', searchFields: ['content', 'authorName'], indexes: ['candidateId', 'createdAt'] },
  event: 'NoteAdded',
  id: (event) => event.data.noteId,
  toDoc: ({ data: d, metadata }) => ({
    id: d.noteId,
    candidateId: d.candidateId,
    content: d.content,
    createdBy: d.author.id,
    authorName: d.author.name,
    createdAt: metadata.occurredAt,
  }),
  refs: (event) => ({ candidateId: [event.data.candidateId] }),
});
