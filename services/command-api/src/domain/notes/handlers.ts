import { scopeOf } from '../../command-handler';
import { candidates, isLiveCandidate, notes } from '../aggregates';
import type { Call, Deps, Result } from '../context';

export async function addNote(deps: Deps, call: Call, candidateId: number, content: string): Promise<Result> {
  const scope = scopeOf(deps, call);
  const candidateExists = isLiveCandidate(await candidates.state(deps.eventStore, candidateId));
  // refuse an unknown or deleted candidate before spending a note id
  await notes.check(scope, null, { type: 'AddNote', data: { noteId: 0, candidateId, content, candidateExists } });
  const noteId = await deps.allocateId('note');
  const outcome = await notes.execute(scope, noteId, { type: 'AddNote', data: { noteId, candidateId, content, candidateExists } });
  return { id: noteId, position: outcome.position };
}
