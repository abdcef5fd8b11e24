import type { EventOfType, LinkedinJobPosted } from '@ats/events';
import { messages } from '@ats/contracts';
import { assertNever, type CommandMetadata, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';

export type LinkedinPostEvent = EventOfType<'LinkedinJobPosted'>;
export type LinkedinPostState = { status: 'empty' } | { status: 'posted'; id: number; jobId: number };
export type PostJobToLinkedin = {
  type: 'PostJobToLinkedin';
  data: LinkedinJobPosted & { jobExists: boolean };
  metadata: CommandMetadata;
};

export const linkedinPostDecider: Decider<LinkedinPostState, PostJobToLinkedin, LinkedinPostEvent> = {
  eventTypes: ['LinkedinJobPosted'],
  initialState: () => ({ status: 'empty' }),
  evolve: (state, event) =>
    event.type === 'LinkedinJobPosted' ? { status: 'posted', id: event.data.postId, jobId: event.data.jobId } : state,
  decide: (command, state) => {
    switch (command.type) {
      case 'PostJobToLinkedin': {
        const { jobExists, ...data } = command.data;
        if (!jobExists) throw new NotFoundError('Job', data.jobId);
        if (state.status !== 'empty') throw new ConflictError('post_exists', `Post ${data.postId} already exists`);
        return [{ type: 'LinkedinJobPosted', data }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

/** linkedinJobId is unique: its reservation stream can be created only once. */
export type LinkedinIdEvent = EventOfType<'LinkedinJobIdReserved'>;
export type LinkedinIdState = { status: 'free' } | { status: 'reserved'; postId: number };
export type ReserveLinkedinJobId = {
  type: 'ReserveLinkedinJobId';
  data: { linkedinJobId: string; postId: number };
  metadata: CommandMetadata;
};

export const linkedinJobIdDecider: Decider<LinkedinIdState, ReserveLinkedinJobId, LinkedinIdEvent> = {
  eventTypes: ['LinkedinJobIdReserved'],
  initialState: () => ({ status: 'free' }),
  evolve: (state, event) => (event.type === 'LinkedinJobIdReserved' ? { status: 'reserved', postId: event.data.postId } : state),
  decide: (command, state) => {
    if (state.status === 'reserved')
      throw new ConflictError('linkedin_job_id_taken', messages.linkedinJobIdTaken, {
        postId: state.postId,
        errors: [{ path: 'linkedinJobId', message: messages.linkedinJobIdTaken }],
      });
    return [{ type: 'LinkedinJobIdReserved', data: command.data }];
  },
};
