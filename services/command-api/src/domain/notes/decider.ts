import type { EventOfType, NoteAdded } from '@ats/events';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type NoteEvent = EventOfType<'NoteAdded'>;
export type NoteState = { status: 'empty' } | { status: 'added'; id: number; candidateId: number };

export type AddNote = {
  type: 'AddNote';
  data: Omit<NoteAdded, 'author'> & { candidateExists: boolean };
  metadata: CommandMetadata;
};
export type NoteCommand = AddNote;

export const initialState = (): NoteState => ({ status: 'empty' });

export function evolve(state: NoteState, event: NoteEvent): NoteState {
  switch (event.type) {
    case 'NoteAdded':
      return { status: 'added', id: event.data.noteId, candidateId: event.data.candidateId };
    default:
      return state;
  }
}

export function decide(command: NoteCommand, state: NoteState): NoteEvent[] {
  switch (command.type) {
    case 'AddNote': {
      const { candidateExists, ...data } = command.data;
      if (!candidateExists) throw new NotFoundError('Candidate', data.candidateId);
      if (state.status !== 'empty') throw new ConflictError('note_exists', `Note ${data.noteId} already exists`);
      return [{ type: 'NoteAdded', data: { ...data, author: { id: command.metadata.actor.id, name: command.metadata.actor.name } } }];
    }
    default:
      return assertNever(command.type);
  }
}

export const noteDecider: Decider<NoteState, NoteCommand, NoteEvent> = { eventTypes: ['NoteAdded'], initialState, evolve, decide };
