import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useCreateClient } from '../api/create-client';
import {
  CLIENT_PRIORITIES as PRIORITIES,
  CLIENT_STATUSES as STATUSES,
  ClientFormSchema,
  EMPTY_CLIENT_FORM,
  type ClientFormOutput,
  type ClientFormValues,
} from '../utils/client-form';
import { showServerFieldErrors } from '@/lib/form-errors';

/** Add Client (SPEC §2.10/§5): the contract's body schema; closes and resets on success. */
export function AddClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const createClient = useCreateClient();
  const { control, handleSubmit, reset, getValues, setError } = useForm<ClientFormValues, unknown, ClientFormOutput>({
    resolver: zodResolver(ClientFormSchema),
    defaultValues: EMPTY_CLIENT_FORM,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    createClient.mutateAsync(values).then(
      () => {
        toast({ title: 'Client added', description: 'The new client has been successfully created.' });
        reset(EMPTY_CLIENT_FORM);
        onClose();
      },
      (error: unknown) => {
        showServerFieldErrors(error, setError, getValues());
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create client. Please try again.' });
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="add-client"
      title="Add New Client"
      onSubmit={onSubmit}
      pending={createClient.isPending}
      submitLabel="Add Client"
      pendingLabel="Adding..."
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormField
          control={control}
          name="companyName"
          label="Company Name"
          required
          autoComplete="off"
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <FormField control={control} name="industry" label="Industry" placeholder="e.g. Financial Services" />
        <FormField control={control} name="website" label="Website" inputMode="url" placeholder="acme.com" />
        <FormSelect control={control} name="priority" label="Priority" options={PRIORITIES} />
        <FormSelect control={control} name="status" label="Status" options={STATUSES} />
        <FormField control={control} name="address" label="Address" sx={{ gridColumn: { sm: '1 / -1' } }} />
        <FormField control={control} name="description" label="Description" minRows={2} sx={{ gridColumn: { sm: '1 / -1' } }} />
        <FormField control={control} name="notes" label="Notes" minRows={2} sx={{ gridColumn: { sm: '1 / -1' } }} />
      </Box>
    </FormDialog>
  );
}
