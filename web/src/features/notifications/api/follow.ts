import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@ats/contracts';
import { callContract } from '@/lib/api-client';

const followKey = (kind: 'candidate' | 'job', id: number) => ['notifications', 'follow', kind, id] as const;

/** GET/PUT/DELETE /api/{candidates|jobs}/:id/follow — whether I follow it, and the toggle. */
export function useFollow(kind: 'candidate' | 'job', id: number) {
  const queryClient = useQueryClient();
  const key = followKey(kind, id);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      callContract(kind === 'candidate' ? contracts.getCandidateFollow : contracts.getJobFollow, { params: { id }, signal }),
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => {
      const contract =
        kind === 'candidate'
          ? follow
            ? contracts.followCandidate
            : contracts.unfollowCandidate
          : follow
            ? contracts.followJob
            : contracts.unfollowJob;
      return callContract(contract, { params: { id } });
    },
    onMutate: (follow) => {
      queryClient.setQueryData(key, { following: follow });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { following: state.data?.following ?? false, loaded: state.isSuccess, toggle };
}
