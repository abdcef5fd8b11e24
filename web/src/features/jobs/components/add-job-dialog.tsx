import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useClientOptions } from '../api/get-client-options';
import { useCreateJob } from '../api/create-job';
import {
  EMPTY_JOB_FORM,
  JOB_PRIORITIES,
  JOB_STATUSES,
  JOB_TYPES,
  JobFormSchema,
  toCreateJobBody,
  type JobFormOutput,
  type JobFormValues,
} from '../utils/job-form';
import { showServerFieldErrors } from '@/lib/form-errors';

/**
 * Add Job Order (SPEC §2.12/§5) with a client picker; closes and resets on success. Opened from a
 * client's page (`clientId`), the picker starts on that client.
 */
export function AddJobDialog({ open, onClose, clientId }: { open: boolean; onClose: () => void; clientId?: number }) {
  const createJob = useCreateJob();
  const { data: clientOptions = [] } = useClientOptions(open);
  const emptyForm: JobFormValues = clientId === undefined ? EMPTY_JOB_FORM : { ...EMPTY_JOB_FORM, clientId: String(clientId) };
  const { control, handleSubmit, reset, getValues, setError } = useForm<JobFormValues, unknown, JobFormOutput>({
    resolver: zodResolver(JobFormSchema),
    defaultValues: emptyForm,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    createJob.mutateAsync(toCreateJobBody(values)).then(
      () => {
        toast({ title: 'Job created', description: 'The new job order has been successfully created.' });
        reset(emptyForm);
        onClose();
      },
      (error: unknown) => {
        showServerFieldErrors(error, setError, getValues());
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create job order. Please try again.' });
      },
    ),
  );

  const money = { inputMode: 'decimal' as const, startDecorator: '$' };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="add-job"
      title="Add New Job Order"
      onSubmit={onSubmit}
      pending={createJob.isPending}
      submitLabel="Create Job Order"
      pendingLabel="Creating..."
      width={720}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormField
          control={control}
          name="title"
          label="Job Title"
          required
          autoComplete="off"
          placeholder="e.g. Chief Financial Officer"
        />
        <FormSelect
          control={control}
          name="clientId"
          label="Client"
          options={clientOptions}
          emptyLabel="No client"
          placeholder="Select a client"
        />
        <FormField control={control} name="department" label="Department" placeholder="e.g. Finance" />
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
        <FormField control={control} name="salaryMin" label="Salary Min ($k)" {...money} endDecorator="k" />
        <FormField control={control} name="salaryMax" label="Salary Max ($k)" {...money} endDecorator="k" />
        <FormField control={control} name="hourlyRateMin" label="Hourly Rate Min" {...money} endDecorator="/h" />
        <FormField control={control} name="hourlyRateMax" label="Hourly Rate Max" {...money} endDecorator="/h" />
        <FormField control={control} name="feePercentage" label="Fee %" inputMode="decimal" endDecorator="%" />
        <FormField control={control} name="description" label="Description" minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} />
        <FormField control={control} name="requirements" label="Requirements" minRows={3} sx={{ gridColumn: { sm: '1 / -1' } }} />
      </Box>
    </FormDialog>
  );
}
