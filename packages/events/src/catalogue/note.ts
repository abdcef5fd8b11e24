import { z } from 'zod';
import { ActorRefSchema, EntityIdSchema } from '../shared';

/** A note was added about a candidate (stream `note-<id>`). */
export const NoteAddedSchema = z.object({
  noteId: EntityIdSchema,
  candidateId: EntityIdSchema,
  content: z.string(),
  author: ActorRefSchema,
});
export type NoteAdded = z.infer<typeof NoteAddedSchema>;
