import { useMemo, useState } from 'react';
import { toast } from '@/components/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { candidatesAddedSummary, type PickerOption } from '@/lib/attach';
import { useCandidateChoices } from '@/lib/choices';
import { useAttachPairs, useJobApplications } from './api';
import { AttachPickerDialog } from './attach-picker-dialog';

/** "Add candidates" to one job: the server searches as the user types; the attached are marked. */
export function AttachCandidatesDialog({
  open,
  onClose,
  job,
}: {
  open: boolean;
  onClose: () => void;
  /** the job, with its display name ("CFO (Orion)") */
  job: { id: number; name: string };
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 250);
  const choices = useCandidateChoices(search, open);
  const applications = useJobApplications(job.id, open);
  const attach = useAttachPairs();
  const options = useMemo<PickerOption[]>(() => {
    const attachedIds = new Set((applications.data ?? []).map((a) => a.candidateId));
    return (choices.data ?? []).map((c) => ({
      id: c.id,
      label: `${c.firstName} ${c.lastName}`.trim(),
      detail: [c.currentTitle, c.currentCompany, c.email].filter(Boolean).join(' · '),
      attached: attachedIds.has(c.id),
    }));
  }, [choices.data, applications.data]);

  return (
    <AttachPickerDialog
      open={open}
      onClose={onClose}
      id="attach-candidates-dialog"
      title="Add candidates"
      subtitle={job.name}
      label="Candidates"
      placeholder="Type to search candidates"
      options={options}
      serverFiltered
      loading={choices.isFetching || applications.isPending}
      input={input}
      onInputChange={setInput}
      pending={attach.isPending}
      emptyText="No candidates found"
      submitLabel={(count) => (count > 1 ? `Add ${count} candidates` : 'Add candidate')}
      onSubmit={(picked) =>
        attach.mutate(
          picked.map((c) => ({ candidateId: c.id, jobId: job.id, name: c.label })),
          {
            onSuccess: (results) => {
              toast(candidatesAddedSummary(results, job.name));
              onClose();
            },
          },
        )
      }
    />
  );
}
