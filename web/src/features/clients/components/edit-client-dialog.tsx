import { useState } from 'react';
import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Client } from '@ats/contracts';
import { ChangedMeanwhileNotice } from '@/components/changed-meanwhile-notice';
import { EditConflictDialog } from '@/components/edit-conflict-dialog';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { useConflictAwareSave } from '@/hooks/use-conflict-aware-save';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useUpdateClient } from '../api/update-client';
import {
  CLIENT_FIELD_LABELS,
  CLIENT_PRIORITIES,
  CLIENT_STATUSES,
  CLIENT_TEXT_FIELDS,
  ClientFormSchema,
  toClientEditValues,
  toUpdateClientBody,
  type ClientFormOutput,
  type ClientFormValues,
} from '../utils/client-form';

/** Mount while open: the form is filled from the client as it was when the dialog opened. */
export function EditClientDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  return open ? <EditClientForm key={client.id} client={client} onClose={onClose} /> : null;
}

/**
 * Edit Client: every field of Add Client (status and priority included), prefilled. The save
 * carries the revision the dialog opened at; someone else's change to the same field opens the
 * conflict dialog, other fields merge.
 */
function EditClientForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const updateClient = useUpdateClient(client.id);
  const [baseRevision] = useState(client.revision);
  const { control, handleSubmit, setError } = useForm<ClientFormValues, unknown, ClientFormOutput>({
    resolver: zodResolver(ClientFormSchema),
    defaultValues: toClientEditValues(client),
    mode: 'onTouched',
  });
  const { submit, conflict } = useConflictAwareSave((body) => updateClient.mutateAsync(body), {
    onSaved: () => {
      toast({ title: 'Client updated', description: `${client.companyName} has been saved.` });
      onClose();
    },
    onError: (error) => {
      if (showServerFieldErrors(error, setError, Object.keys(CLIENT_FIELD_LABELS))) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to update client. Please try again.' });
    },
  });
  const onSubmit = handleSubmit((values) => submit(toUpdateClientBody(values, baseRevision)));

  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        id="edit-client"
        title="Edit Client"
        onSubmit={onSubmit}
        pending={conflict.pending}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <ChangedMeanwhileNotice
            baseRevision={baseRevision}
            revision={client.revision}
            by={client.updatedBy}
            sx={{ gridColumn: '1 / -1' }}
          />
          <FormField
            control={control}
            name="companyName"
            label="Company Name"
            required
            autoComplete="off"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <FormField control={control} name="industry" label="Industry" />
          <FormField control={control} name="website" label="Website" inputMode="url" placeholder="acme.com" />
          <FormSelect control={control} name="priority" label="Priority" options={CLIENT_PRIORITIES} />
          <FormSelect control={control} name="status" label="Status" options={CLIENT_STATUSES} />
          <FormField control={control} name="address" label="Address" sx={{ gridColumn: { sm: '1 / -1' } }} />
          <FormField control={control} name="description" label="Description" minRows={2} sx={{ gridColumn: { sm: '1 / -1' } }} />
          <FormField control={control} name="notes" label="Notes" minRows={2} sx={{ gridColumn: { sm: '1 / -1' } }} />
        </Box>
      </FormDialog>
      <EditConflictDialog {...conflict} labels={CLIENT_FIELD_LABELS} textFields={CLIENT_TEXT_FIELDS} />
    </>
  );
}
