import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { contracts, type Job } from '@ats/contracts';
import { callContract } from '@/lib/api-client';
import { allOpeningsFilled } from '@/lib/job-openings';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a move to Placed: reads the job (read-your-writes, so the new placement is counted) and,
 * when its last opening is now placed, holds it as `offer` for the "mark it Filled?" dialog.
 */
export function useFilledOffer() {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<Job | null>(null);
  const check = useCallback(
    (jobId: number) => {
      void queryClient
        .fetchQuery({
          queryKey: queryKeys.jobs.detail(jobId),
          queryFn: ({ signal }) => callContract(contracts.getJob, { params: { id: jobId }, signal }),
          staleTime: 0,
        })
        .then(
          (job) => {
            if (allOpeningsFilled(job)) setOffer(job);
          },
          () => undefined,
        );
    },
    [queryClient],
  );
  return { offer, check, dismiss: useCallback(() => setOffer(null), []) };
}
