import type { ParsedBodyOf, contracts } from '@ats/contracts';
import { scopeOf } from '../../command-handler';
import { isLiveJob, jobs, linkedinJobIds, linkedinPosts } from '../aggregates';
import type { Call, Deps, Result } from '../context';
import type { PostJobToLinkedin } from './decider';

export async function postJobToLinkedin(
  deps: Deps,
  call: Call,
  input: ParsedBodyOf<typeof contracts.createLinkedinJobPost>,
): Promise<Result> {
  const scope = scopeOf(deps, call);
  const jobExists = isLiveJob(await jobs.state(deps.eventStore, input.jobId));
  const post = (postId: number): PostJobToLinkedin['data'] => ({
    postId,
    jobId: input.jobId,
    linkedinJobId: input.linkedinJobId,
    postUrl: input.postUrl ?? null,
    status: input.status,
    applicationsCount: input.applicationsCount,
    viewsCount: input.viewsCount,
    postedAt: call.metadata.now,
    jobExists,
  });
  // refuse an unknown job or a known duplicate before allocating, so a rejected post appends nothing at all
  await linkedinPosts.check(scope, null, { type: 'PostJobToLinkedin', data: post(0) });
  await linkedinJobIds.check(scope, input.linkedinJobId, {
    type: 'ReserveLinkedinJobId',
    data: { linkedinJobId: input.linkedinJobId, postId: 0 },
  });
  const postId = await deps.allocateId('linkedin_post');
  // the reservation stream is created once: the same linkedinJobId twice is a 409 even under concurrency
  await linkedinJobIds.execute(scope, input.linkedinJobId, {
    type: 'ReserveLinkedinJobId',
    data: { linkedinJobId: input.linkedinJobId, postId },
  });
  const outcome = await linkedinPosts.execute(scope, postId, { type: 'PostJobToLinkedin', data: post(postId) });
  return { id: postId, position: outcome.position };
}
