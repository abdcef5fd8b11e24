import { toCandidateStreamId, toNoteStreamId } from '@ats/events';
import { handleCommand, streamState } from '../../command-handler';
import { candidateDecider } from '../candidates/decider';
import type { Call, Deps, Result } from '../context';
import { NotFoundError } from '../shared/errors';
import { noteDecider } from './decider';

export async function addNote(deps: Deps, call: Call, candidateId: number, content: string): Promise<Result> {
  const candidate = await streamState(deps.eventStore, toCandidateStreamId(candidateId), candidateDecider);
  if (candidate.status !== 'registered') throw new NotFoundError('Candidate', candidateId);
  const noteId = await deps.allocateId('note');
  const outcome = await handleCommand(
    { eventStore: deps.eventStore, correlationId: call.correlationId },
    toNoteStreamId(noteId),
    noteDecider,
    {
      type: 'AddNote',
      data: { noteId, candidateId, content, candidateExists: true },
      metadata: call.metadata,
    },
  );
  return { id: noteId, position: outcome.position };
}
