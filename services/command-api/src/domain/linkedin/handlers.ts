import { toJobStreamId, toLinkedinJobIdStreamId, toLinkedinPostStreamId } from '@ats/events';
import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { handleCommand, streamState } from '../../command-handler';
import type { Call, Deps, Result } from '../context';
import { jobDecider } from '../jobs/decider';
import { NotFoundError } from '../shared/errors';
import { linkedinJobIdDecider, linkedinPostDecider } from './decider';

export async function postJobToLinkedin(
  deps: Deps,
  call: Call,
  input: ParsedBodyOf<typeof contracts.createLinkedinJobPost>,
): Promise<Result> {
  const ctx = { eventStore: deps.eventStore, correlationId: call.correlationId };
  const job = await streamState(deps.eventStore, toJobStreamId(input.jobId), jobDecider);
  if (job.status !== 'active') throw new NotFoundError('Job', input.jobId);
  // refuse a known duplicate before allocating, so a rejected post appends nothing at all
  const reservation = await streamState(deps.eventStore, toLinkedinJobIdStreamId(input.linkedinJobId), linkedinJobIdDecider);
  if (reservation.status === 'reserved')
    linkedinJobIdDecider.decide(
      { type: 'ReserveLinkedinJobId', data: { linkedinJobId: input.linkedinJobId, postId: 0 }, metadata: call.metadata },
      reservation,
    );
  const postId = await deps.allocateId('linkedin_post');
  // the reservation stream is created once: the same linkedinJobId twice is a 409 even under concurrency
  await handleCommand(ctx, toLinkedinJobIdStreamId(input.linkedinJobId), linkedinJobIdDecider, {
    type: 'ReserveLinkedinJobId',
    data: { linkedinJobId: input.linkedinJobId, postId },
    metadata: call.metadata,
  });
  const outcome = await handleCommand(ctx, toLinkedinPostStreamId(postId), linkedinPostDecider, {
    type: 'PostJobToLinkedin',
    data: {
      postId,
      jobId: input.jobId,
      linkedinJobId: input.linkedinJobId,
      postUrl: input.postUrl ?? null,
      status: input.status,
      applicationsCount: input.applicationsCount,
      viewsCount: input.viewsCount,
      postedAt: call.metadata.now,
      jobExists: true,
    },
    metadata: call.metadata,
  });
  return { id: postId, position: outcome.position };
}
