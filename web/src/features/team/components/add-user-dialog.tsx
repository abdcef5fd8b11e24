import Box from '@mui/joy/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateUserBodySchema, PASSWORD_MIN_LENGTH } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { FormSelect } from '@/components/form-select';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useCreateUser } from '../api/create-user';
import { ROLE_OPTIONS } from './role-options';
import { showServerFieldErrors } from '@/lib/form-errors';

type UserFormValues = z.input<typeof CreateUserBodySchema>;
type UserFormOutput = z.output<typeof CreateUserBodySchema>;
const EMPTY: UserFormValues = { firstName: '', lastName: '', email: '', role: 'recruiter', password: '' };

/** Add a team member with a role and a first password. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const createUser = useCreateUser();
  const { control, handleSubmit, reset, getValues, setError } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(CreateUserBodySchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((values) =>
    createUser.mutateAsync(values).then(
      () => {
        toast({ title: 'User added', description: `${values.firstName} ${values.lastName} can now sign in.` });
        reset(EMPTY);
        onClose();
      },
      (error: unknown) => {
        showServerFieldErrors(error, setError, getValues());
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to add user. Please try again.' });
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="add-user"
      title="Add Team Member"
      onSubmit={onSubmit}
      pending={createUser.isPending}
      submitLabel="Add User"
      pendingLabel="Adding..."
      width={560}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormField control={control} name="firstName" label="First Name" required autoComplete="off" />
        <FormField control={control} name="lastName" label="Last Name" required autoComplete="off" />
        <FormField
          control={control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <FormSelect control={control} name="role" label="Role" options={ROLE_OPTIONS} />
        <FormField
          control={control}
          name="password"
          label="Initial Password"
          type="password"
          required
          autoComplete="new-password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        />
      </Box>
    </FormDialog>
  );
}
