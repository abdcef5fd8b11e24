import type { ApplicationStage } from '@ats/events';
import type { CommandScope } from '../../command-handler';
import type { Doc, DocumentStore, EventStore } from '@ats/storage';
import { applications, candidates } from '../aggregates';

/** the projector's checkpoint (`@ats/projector`'s CHECKPOINT_COLLECTION / CHECKPOINT_ID), read as the command-api's main.ts does */
const CHECKPOINTS = 'projection_checkpoints';
const CHECKPOINT_ID = 'main';
/** the events that put an application on the board with its candidate (and so in the applications read model) */
const ATTACHING = ['ApplicationCreated', 'ApplicationRestored'] as const;

/**
 * The ids of the candidate's applications that may stand now, found without reading every
 * application of the log: those in the applications read model (its `candidateId` index) as of
 * the projector's checkpoint, plus those attached in the log after it (a read of the log's tail,
 * as long as the projector's lag). Null when the read model cannot say (none wired, not complete
 * up to its checkpoint: being built or rebuilt).
 */
async function candidateApplicationIds(eventStore: EventStore, documents: DocumentStore, candidateId: number): Promise<Set<number> | null> {
  // the checkpoint first: the documents read after it hold at least what it names (they commit together)
  const checkpoint = await documents.collection<Doc>(CHECKPOINTS).get(CHECKPOINT_ID);
  const position = checkpoint?.position;
  const complete = Array.isArray(checkpoint?.readModels)
    ? (checkpoint.readModels as unknown[]).some(
        (key) => key === 'applications' || (typeof key === 'string' && key.startsWith('applications@')),
      )
    : false;
  if (typeof position !== 'number' || !complete) return null;
  const [docs, tail] = await Promise.all([
    documents.collection<Doc>('applications').find({ where: { candidateId }, fields: ['candidateId'] }),
    eventStore.readAll({ after: position, types: ATTACHING }),
  ]);
  const ids = new Set(docs.map((d) => Number(d.id)));
  for (const event of tail) {
    const data = event.data as { applicationId: number; candidateId: number };
    if (data.candidateId === candidateId) ids.add(data.applicationId);
  }
  return ids;
}

/** every application of the candidate, from every `ApplicationCreated` of the log (O(all applications): only without the read model) */
async function candidateApplicationIdsFromLog(eventStore: EventStore, candidateId: number): Promise<Set<number>> {
  const created = await eventStore.readAll({ types: ['ApplicationCreated'] });
  return new Set(
    created.flatMap((event) => {
      const data = event.data as { applicationId: number; candidateId: number };
      return data.candidateId === candidateId ? [data.applicationId] : [];
    }),
  );
}

/**
 * Whether another application of the candidate stands at Placed. Which applications are the
 * candidate's comes from the applications read model and the log's tail after its checkpoint
 * (`candidateApplicationIds`; every `ApplicationCreated` of the log only when the read model
 * cannot say); whether each one stands at Placed, from its own stream (the decision's source of
 * truth, never the read model's stage).
 */
export async function othersPlaced(
  eventStore: EventStore,
  documents: DocumentStore | null,
  candidateId: number,
  applicationId: number,
): Promise<boolean> {
  const ids =
    (documents ? await candidateApplicationIds(eventStore, documents, candidateId) : null) ??
    (await candidateApplicationIdsFromLog(eventStore, candidateId));
  ids.delete(applicationId);
  for (const id of ids) {
    const state = await applications.state(eventStore, id);
    // the stream says whose it is: a read model's or a tail's id that is not the candidate's does not count
    if (state.status === 'active' && state.candidateId === candidateId && state.stage === 'placed') return true;
  }
  return false;
}

/**
 * Candidate status follows the work: when an application reaches Placed, the candidate's status
 * becomes placed; when that placement is undone (moved out of Placed, detached) it goes back to
 * what it was, unless another application of the candidate still stands at Placed. Recorded as `CandidateStatusFollowedPlacement` on the candidate's stream, so the
 * log says why the status changed. Returns the position of what was appended (0 = nothing).
 */
export async function followPlacement(
  scope: CommandScope,
  documents: DocumentStore | null,
  application: { applicationId: number; candidateId: number },
  before: ApplicationStage | null,
  after: ApplicationStage | null,
): Promise<number> {
  const wasPlaced = before === 'placed';
  const isPlaced = after === 'placed';
  if (wasPlaced === isPlaced) return 0;
  const others = isPlaced ? false : await othersPlaced(scope.eventStore, documents, application.candidateId, application.applicationId);
  const outcome = await candidates.execute(scope, application.candidateId, {
    type: 'FollowPlacement',
    data: { candidateId: application.candidateId, applicationId: application.applicationId, placed: isPlaced, othersPlaced: others },
  });
  return outcome.appended > 0 ? outcome.position : 0;
}
