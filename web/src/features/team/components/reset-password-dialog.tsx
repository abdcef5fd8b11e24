import { useEffect } from 'react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ResetPasswordBodySchema, type User } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { generatePassword } from '../utils/generate-password';

type Values = z.input<typeof ResetPasswordBodySchema>;

/**
 * "Reset password" on the Team screen: a new password (a random one filled in, or the admin's
 * own), shown here once so it can be passed on; the person's open sessions end.
 */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const reset = useResetPassword();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const form = useForm<Values, unknown, z.output<typeof ResetPasswordBodySchema>>({
    resolver: zodResolver(ResetPasswordBodySchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (user) form.reset({ password: generatePassword() });
  }, [user, form]);
  const onSubmit = form.handleSubmit((values) =>
    reset.mutateAsync({ id: user!.id, password: values.password }).then(
      () => {
        toast({ title: 'Password reset', description: `${name} was signed out everywhere; they sign in with the new password.` });
        onClose();
      },
      (error: unknown) => {
        showServerFieldErrors(error, form.setError, form.getValues());
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to reset the password. Please try again.',
        });
      },
    ),
  );
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      id="reset-password"
      title={`Reset the password of ${name}`}
      onSubmit={onSubmit}
      pending={reset.isPending}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
      width={520}
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography level="body-sm">
          Pass the new password on to {name} yourself; it is shown only here. They are signed out on every device at once.
        </Typography>
        <FormField
          control={form.control}
          name="password"
          label="New password"
          required
          autoComplete="off"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters. A random one is filled in; you may type your own.`}
        />
      </Box>
    </FormDialog>
  );
}
