import { useState } from 'react';
import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Job } from '@ats/contracts';
import { ChangedMeanwhileNotice } from '@/components/changed-meanwhile-notice';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useClientOptions } from '../api/get-client-options';
import { useUpdateJob } from '../api/update-job';
import {
  JOB_FIELD_LABELS,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_TEXT_FIELDS,
  JOB_TYPES,
  JobEditSchema,
  toJobEditValues,
  toUpdateJobBody,
  type JobEditOutput,
  type JobEditValues,
} from '../utils/job-form';

/** Mount while open: the form is filled from the job as it was when the dialog opened. */
export function EditJobDialog({ job, open, onClose }: { job: Job; open: boolean; onClose: () => void }) {
  return open ? <EditJobForm key={job.id} job={job} onClose={onClose} /> : null;
}

/**
 * Edit Job Order: every field of Add Job Order plus fee %, status and openings, prefilled. The
 * save carries the revision the dialog opened at; someone else's change to the same field opens
 * the conflict dialog, other fields merge.
 */
function EditJobForm({ job, onClose }: { job: Job; onClose: () => void }) {
  const updateJob = useUpdateJob(job.id);
  const [baseRevision] = useState(job.revision);
  const { data: loadedClients = [] } = useClientOptions(true);
  // the job's own client is an option from the first render: the picker showed "No client" when
  // its value had no option yet (the clients arrive after the dialog opens)
  const own = job.clientId && job.client ? [{ value: String(job.clientId), label: job.client.companyName }] : [];
  const clientOptions = [...own, ...loadedClients.filter((option) => !own.some((o) => o.value === option.value))];
  const { control, handleSubmit, setError } = useForm<JobEditValues, unknown, JobEditOutput>({
    resolver: zodResolver(JobEditSchema),
    defaultValues: toJobEditValues(job),
    mode: 'onTouched',
  });
  const { submit, conflict } = useConflictAwareSave((body) => updateJob.mutateAsync(body), {
    onSaved: () => {
      toast({ title: 'Job updated', description: `${job.title} has been saved.` });
      onClose();
    },
    onError: (error) => {
      if (showServerFieldErrors(error, setError, Object.keys(JOB_FIELD_LABELS))) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to update job order. Please try again.',
      });
    },
  });
  const onSubmit = handleSubmit((values) => submit(toUpdateJobBody(values, baseRevision)));

  const money = { inputMode: 'decimal' as const, startDecorator: '$' };
  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        id="edit-job"
        title="Edit Job Order"
        onSubmit={onSubmit}
        pending={conflict.pending}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        width={720}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <ChangedMeanwhileNotice baseRevision={baseRevision} revision={job.revision} by={job.updatedBy} sx={{ gridColumn: '1 / -1' }} />
          <FormField control={control} name="title" label="Job Title" required autoComplete="off" />
          <FormSelect
            control={control}
            name="clientId"
            label="Client"
            options={clientOptions}
            emptyLabel="No client"
            placeholder="Select a client"
          />
          <FormField control={control} name="department" label="Department" />
          <FormField control={control} name="location" label="Location" placeholder="City, State or Remote" />
          <FormSelect control={control} name="type" label="Job Type" options={JOB_TYPES} />
          <FormSelect control={control} name="priority" label="Priority" options={JOB_PRIORITIES} />
          <FormSelect control={control} name="status" label="Status" options={JOB_STATUSES} />
          <FormField
            control={control}
            name="openings"
            label="Openings"
            inputMode="numeric"
            helperText="How many people the client wants placed"
          />
          <FormField control={control} name="feePercentage" label="Fee %" inputMode="decimal" endDecorator="%" />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
          <FormField control={control} name="salaryMin" label="Salary Min ($k)" {...money} endDecorator="k" />
          <FormField control={control} name="salaryMax" label="Salary Max ($k)" {...money} endDecorator="k" />
          <FormField control={control} name="hourlyRateMin" label="Hourly Rate Min" {...money} endDecorator="/h" />
          <FormField control={control} name="hourlyRateMax" label="Hourly Rate Max" {...money} endDecorator="/h" />
          <FormField control={control} name="description" label="Description" minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} />
          <FormField control={control} name="requirements" label="Requirements" minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} />
        </Box>
      </FormDialog>
      <EditConflictDialog {...conflict} labels={JOB_FIELD_LABELS} textFields={JOB_TEXT_FIELDS} />
    </>
  );
}
