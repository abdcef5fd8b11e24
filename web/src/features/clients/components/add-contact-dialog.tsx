import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/toast';
import { useAddClientContact } from '../api/add-client-contact';
import { ContactFormSchema, EMPTY_CONTACT_FORM, type ContactFormOutput, type ContactFormValues } from '../utils/contact-form';
import { showServerFieldErrors } from '@/lib/form-errors';

/** Add Contact Person (SPEC §2.11/§5); closes and resets on success. */
export function AddContactDialog({ clientId, open, onClose }: { clientId: number; open: boolean; onClose: () => void }) {
  const addContact = useAddClientContact(clientId);
  const { control, handleSubmit, reset, getValues, setError } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: EMPTY_CONTACT_FORM,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    addContact.mutateAsync(values).then(
      () => {
        toast({ title: 'Contact added' });
        reset(EMPTY_CONTACT_FORM);
        onClose();
      },
      (error: unknown) => {
        showServerFieldErrors(error, setError, getValues());
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to create contact. Please try again.' });
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="add-contact"
      title="Add Contact Person"
      onSubmit={onSubmit}
      pending={addContact.isPending}
      submitLabel="Add Contact"
      pendingLabel="Adding..."
      width={520}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormField control={control} name="name" label="Full Name" required autoComplete="off" />
        <FormField control={control} name="title" label="Position/Title" placeholder="e.g. VP of Talent" />
        <FormField control={control} name="email" label="Email" type="email" inputMode="email" autoComplete="off" />
        <FormField control={control} name="phone" label="Phone Number" type="tel" inputMode="tel" autoComplete="off" />
        <FormField control={control} name="notes" label="Notes" minRows={2} />
        <Controller
          control={control}
          name="isPrimary"
          render={({ field }) => (
            <Checkbox
              label="Primary Contact"
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
      </Box>
    </FormDialog>
  );
}
