import type { Note } from '@ats/contracts';
import { defineProjection, type Refs } from '../../projection';

/** Notes about candidates (contracts' NoteSchema), listed per candidate. */
export type NoteDoc = Note;

export const notesProjection = defineProjection<NoteDoc>({
  name: 'notes',
  collection: { name: 'notes', searchFields: ['content', 'authorName'], indexes: ['candidateId', 'createdAt'] },
  handles: ['NoteAdded'],
  documentId: (event) => (event.type === 'NoteAdded' ? event.data.noteId : null),
  evolve(doc, event) {
    if (event.type !== 'NoteAdded') return doc;
    const d = event.data;
    return {
      id: d.noteId,
      candidateId: d.candidateId,
      content: d.content,
      createdBy: d.author.id,
      authorName: d.author.name,
      createdAt: event.metadata.occurredAt,
    };
  },
  refs: (event): Refs => (event.type === 'NoteAdded' ? { candidateId: [event.data.candidateId] } : {}),
});
