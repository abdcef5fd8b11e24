import { useMemo, useState } from 'react';
import { toast } from '@/components/toast';
import { jobName, jobsAddedSummary, type PickerOption } from '@/lib/attach';
import { useJobChoices } from '@/lib/choices';
import { titleCase } from '@/lib/format';
import { useAttachedJobs, useAttachPairs } from './api';
import { AttachPickerDialog } from './attach-picker-dialog';

/** "Add to job" for one candidate: pick several jobs; those already attached are marked. */
export function AttachJobsDialog({
  open,
  onClose,
  candidate,
}: {
  open: boolean;
  onClose: () => void;
  candidate: { id: number; name: string };
}) {
  const [input, setInput] = useState('');
  const jobs = useJobChoices(open);
  const attached = useAttachedJobs(candidate.id, open);
  const attach = useAttachPairs();
  const options = useMemo<PickerOption[]>(() => {
    const attachedIds = new Set((attached.data ?? []).map((job) => job.id));
    return (jobs.data ?? []).map((job) => ({
      id: job.id,
      label: job.title,
      detail: [job.client?.companyName, job.location, titleCase(job.status)].filter(Boolean).join(' · '),
      attached: attachedIds.has(job.id),
    }));
  }, [jobs.data, attached.data]);
  const names = useMemo(() => new Map((jobs.data ?? []).map((job) => [job.id, jobName(job)])), [jobs.data]);

  return (
    <AttachPickerDialog
      open={open}
      onClose={onClose}
      id="attach-jobs-dialog"
      title="Add to job"
      subtitle={candidate.name}
      label="Jobs"
      placeholder="Type to search jobs"
      options={options}
      loading={jobs.isPending || attached.isPending}
      input={input}
      onInputChange={setInput}
      pending={attach.isPending}
      emptyText="No jobs found"
      submitLabel={(count) => (count > 1 ? `Add to ${count} jobs` : 'Add to job')}
      onSubmit={(picked) =>
        attach.mutate(
          picked.map((job) => ({ candidateId: candidate.id, jobId: job.id, name: names.get(job.id) ?? job.label })),
          {
            onSuccess: (results) => {
              toast(jobsAddedSummary(results, candidate.name));
              onClose();
            },
          },
        )
      }
    />
  );
}
