import { useState } from 'react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import Typography from '@mui/joy/Typography';
import { useAtom } from 'jotai';
import type { NotificationPreferences } from '@ats/contracts';
import { FormDialog } from '@/components/form-dialog';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { notificationSettingsOpenAtom } from '@/lib/notification-settings';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';
import { KIND_SETTINGS } from '../utils/notification-labels';

/** "Notifications" settings (issue 12): which kinds the bell tells me about, stored on the server per user. */
export function NotificationSettingsDialog() {
  const [open, setOpen] = useAtom(notificationSettingsOpenAtom);
  const prefs = useNotificationPreferences(open);
  return <>{open && prefs.data && <SettingsForm initial={prefs.data} onClose={() => setOpen(false)} />}</>;
}

function SettingsForm({ initial, onClose }: { initial: NotificationPreferences; onClose: () => void }) {
  const [values, setValues] = useState(initial);
  const save = useSaveNotificationPreferences();
  return (
    <FormDialog
      open
      onClose={onClose}
      id="notification-settings"
      title="Notifications"
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
      width={480}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values, {
          onSuccess: () => {
            toast({ title: 'Notification settings saved' });
            onClose();
          },
          onError: (error) =>
            toast({ title: 'Could not save', description: serverMessage(error) ?? error.message, variant: 'destructive' }),
        });
      }}
    >
      <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 2 }}>
        Choose what the bell tells you about.
      </Typography>
      <Box role="group" aria-label="Tell me about" sx={{ display: 'grid', gap: 2 }}>
        {KIND_SETTINGS.map(({ kind, label, description }) => (
          <Box key={kind}>
            <Checkbox
              name={kind}
              label={label}
              checked={values[kind]}
              onChange={(event) => setValues((v) => ({ ...v, [kind]: event.target.checked }))}
              slotProps={{ input: { 'aria-describedby': `notification-setting-${kind}` } }}
            />
            <Typography id={`notification-setting-${kind}`} level="body-xs" textColor="text.secondary" sx={{ ml: 4 }}>
              {description}
            </Typography>
          </Box>
        ))}
      </Box>
    </FormDialog>
  );
}
