import type { ApplicationStage, CandidateSource, EventOfType } from '@ats/events';
import { STAGE_LABELS, messages } from '@ats/contracts';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError, StageConflictError } from '../shared/errors';

export type ApplicationEvent =
  | EventOfType<'ApplicationCreated'>
  | EventOfType<'ApplicationStageChanged'>
  | EventOfType<'PlacementRecorded'>
  | EventOfType<'ApplicationDetached'>
  | EventOfType<'ApplicationRestored'>
  | EventOfType<'ApplicationSourceChanged'>;

type Move = { by: { id: string; name: string }; at: string };
type Placement = { salary: number; feePercentage: number; fee: number; placedAt: string };
/** What a restore brings back: the stage, when it was applied, its last move and standing placement. */
type Kept = {
  stage: ApplicationStage;
  appliedAt: string;
  lastMove: Move | null;
  placement: Placement | null;
  /** where this application came from (null: the candidate's source) */
  source?: CandidateSource | null;
};

export type ApplicationState =
  | { status: 'empty' }
  | ({ status: 'active'; id: number; candidateId: number; jobId: number } & Kept)
  | ({ status: 'detached'; id: number; candidateId: number; jobId: number } & Kept);

/** What a placement needs to know about the job: its salary range and fee percentage. */
export type PlacementTerms = { salaryMin: number | null; salaryMax: number | null; feePercentage: number };

export type CreateApplication = {
  type: 'CreateApplication';
  data: { applicationId: number; candidateId: number; jobId: number; candidateExists: boolean; jobExists: boolean };
  metadata: CommandMetadata;
};
export type ChangeApplicationStage = {
  type: 'ChangeApplicationStage';
  data: {
    applicationId: number;
    stage: ApplicationStage;
    fromStage?: ApplicationStage | undefined;
    /** the agreed salary (thousands) when moving to placed */
    salary?: number | undefined;
    /** the job's terms, loaded by the handler for a move to placed */
    terms?: PlacementTerms | null | undefined;
  };
  metadata: CommandMetadata;
};
export type DetachApplication = { type: 'DetachApplication'; data: { applicationId: number }; metadata: CommandMetadata };
export type RestoreApplication = {
  type: 'RestoreApplication';
  data: { applicationId: number; candidateExists: boolean; jobExists: boolean };
  metadata: CommandMetadata;
};
/** Sets (or clears, null) where this application came from. */
export type SetApplicationSource = {
  type: 'SetApplicationSource';
  data: { applicationId: number; source: CandidateSource | null };
  metadata: CommandMetadata;
};
export type ApplicationCommand = CreateApplication | ChangeApplicationStage | DetachApplication | RestoreApplication | SetApplicationSource;

/** Agreed salary, default the midpoint of the job's range (or whichever end is known); fee = salary × percentage. */
export function placementFee(terms: PlacementTerms | null | undefined, salary: number | undefined) {
  const feePercentage = terms?.feePercentage ?? 20;
  const { salaryMin = null, salaryMax = null } = terms ?? {};
  const agreed = salary ?? (salaryMin !== null && salaryMax !== null ? (salaryMin + salaryMax) / 2 : (salaryMin ?? salaryMax ?? 0));
  const fee = Math.round(agreed * feePercentage) / 100;
  return { salary: agreed, feePercentage, fee };
}

export const initialState = (): ApplicationState => ({ status: 'empty' });

export function evolve(state: ApplicationState, event: ApplicationEvent): ApplicationState {
  switch (event.type) {
    case 'ApplicationCreated':
      return {
        status: 'active',
        id: event.data.applicationId,
        candidateId: event.data.candidateId,
        jobId: event.data.jobId,
        stage: event.data.stage,
        appliedAt: event.data.appliedAt,
        lastMove: null,
        placement: null,
        source: event.data.source ?? null,
      };
    case 'ApplicationStageChanged':
      return state.status === 'active'
        ? {
            ...state,
            stage: event.data.toStage,
            lastMove: { by: event.data.changedBy, at: event.data.changedAt },
            // a placement stands only while the card stays at placed
            placement: event.data.toStage === 'placed' ? state.placement : null,
          }
        : state;
    case 'PlacementRecorded': {
      const { salary, feePercentage, fee, placedAt } = event.data;
      return state.status === 'active' ? { ...state, placement: { salary, feePercentage, fee, placedAt } } : state;
    }
    case 'ApplicationDetached':
      return state.status === 'active' ? { ...state, status: 'detached' } : state;
    case 'ApplicationRestored':
      return state.status === 'detached' ? { ...state, status: 'active' } : state;
    case 'ApplicationSourceChanged':
      return state.status === 'empty' ? state : { ...state, source: event.data.source };
    default:
      return state;
  }
}

function create(command: CreateApplication, state: ApplicationState): ApplicationEvent[] {
  const { applicationId, candidateId, jobId, candidateExists, jobExists } = command.data;
  if (state.status !== 'empty') throw new ConflictError('application_exists', messages.applicationExists);
  if (!candidateExists) throw new NotFoundError('Candidate', candidateId);
  if (!jobExists) throw new NotFoundError('Job', jobId);
  return [{ type: 'ApplicationCreated', data: { applicationId, candidateId, jobId, stage: 'applied', appliedAt: command.metadata.now } }];
}

function changeStage(command: ChangeApplicationStage, state: ApplicationState): ApplicationEvent[] {
  if (state.status !== 'active') throw new NotFoundError('Application', command.data.applicationId);
  const { stage, fromStage } = command.data;
  if (fromStage !== undefined && fromStage !== state.stage) {
    throw new StageConflictError(
      state.stage,
      state.lastMove?.by ?? null,
      state.lastMove?.at ?? null,
      STAGE_LABELS[state.stage] ?? state.stage,
    );
  }
  // dropping a card on its own column changes nothing
  if (stage === state.stage) return [];
  const moved: ApplicationEvent = {
    type: 'ApplicationStageChanged',
    data: {
      applicationId: state.id,
      candidateId: state.candidateId,
      jobId: state.jobId,
      fromStage: state.stage,
      toStage: stage,
      changedBy: { id: command.metadata.actor.id, name: command.metadata.actor.name },
      changedAt: command.metadata.now,
    },
  };
  if (stage !== 'placed') return [moved];
  const terms = placementFee(command.data.terms, command.data.salary);
  return [
    moved,
    {
      type: 'PlacementRecorded',
      data: { applicationId: state.id, candidateId: state.candidateId, jobId: state.jobId, ...terms, placedAt: command.metadata.now },
    },
  ];
}

function detach(command: DetachApplication, state: ApplicationState): ApplicationEvent[] {
  if (state.status !== 'active') throw new NotFoundError('Application', command.data.applicationId);
  return [
    {
      type: 'ApplicationDetached',
      data: {
        applicationId: state.id,
        candidateId: state.candidateId,
        jobId: state.jobId,
        detachedBy: { id: command.metadata.actor.id, name: command.metadata.actor.name },
      },
    },
  ];
}

function restore(command: RestoreApplication, state: ApplicationState): ApplicationEvent[] {
  const { applicationId, candidateExists, jobExists } = command.data;
  if (state.status === 'empty') throw new NotFoundError('Application', applicationId);
  if (state.status === 'active') throw new ConflictError('application_exists', messages.applicationExists);
  if (!candidateExists) throw new NotFoundError('Candidate', state.candidateId);
  if (!jobExists) throw new NotFoundError('Job', state.jobId);
  const { id, candidateId, jobId, stage, appliedAt, lastMove, placement } = state;
  const restored: ApplicationEvent = {
    type: 'ApplicationRestored',
    data: {
      applicationId: id,
      candidateId,
      jobId,
      stage,
      appliedAt,
      stageChangedAt: lastMove?.at ?? null,
      stageChangedBy: lastMove?.by ?? null,
      restoredBy: { id: command.metadata.actor.id, name: command.metadata.actor.name },
    },
  };
  // a placement the detach took off the books stands again, with its original terms and date
  if (stage !== 'placed' || !placement) return [restored];
  return [restored, { type: 'PlacementRecorded', data: { applicationId: id, candidateId, jobId, ...placement } }];
}

function setSource(command: SetApplicationSource, state: ApplicationState): ApplicationEvent[] {
  if (state.status !== 'active') throw new NotFoundError('Application', command.data.applicationId);
  const { source } = command.data;
  if ((state.source ?? null) === source) return [];
  return [
    { type: 'ApplicationSourceChanged', data: { applicationId: state.id, candidateId: state.candidateId, jobId: state.jobId, source } },
  ];
}

export function decide(command: ApplicationCommand, state: ApplicationState): ApplicationEvent[] {
  switch (command.type) {
    case 'CreateApplication':
      return create(command, state);
    case 'ChangeApplicationStage':
      return changeStage(command, state);
    case 'DetachApplication':
      return detach(command, state);
    case 'RestoreApplication':
      return restore(command, state);
    case 'SetApplicationSource':
      return setSource(command, state);
    default:
      return assertNever(command);
  }
}

export const applicationDecider: Decider<ApplicationState, ApplicationCommand, ApplicationEvent> = {
  eventTypes: [
    'ApplicationCreated',
    'ApplicationStageChanged',
    'PlacementRecorded',
    'ApplicationDetached',
    'ApplicationRestored',
    'ApplicationSourceChanged',
  ],
  initialState,
  evolve,
  decide,
};
