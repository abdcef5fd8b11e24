import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import IconButton from '@mui/joy/IconButton';
import LinearProgress from '@mui/joy/LinearProgress';
import Sheet from '@mui/joy/Sheet';
import Skeleton from '@mui/joy/Skeleton';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { Copy, DatabaseBackup } from 'lucide-react';
import type { BackupEntry } from '@ats/contracts';
import { toast } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useBackups, useStartBackup } from '../api/backups';

const STATUS_CHIP: Record<BackupEntry['status'], { label: string; color: 'success' | 'primary' | 'warning' }> = {
  complete: { label: 'Complete', color: 'success' },
  running: { label: 'In progress', color: 'primary' },
  partial: { label: 'Partial (cut short, cannot be restored)', color: 'warning' },
};

/** 1,234,567 bytes → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Command copied', description: 'Paste it into a terminal on the other machine.' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the command and copy it yourself.' });
  }
}

function CommandLine({ command, label }: { command: string; label: string }) {
  return (
    <Sheet variant="soft" sx={{ p: 1, borderRadius: 'sm', display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography
        component="code"
        level="body-sm"
        sx={{ fontFamily: 'code', flex: 1, overflowWrap: 'anywhere' }}
        data-testid="restore-command"
      >
        {command}
      </Typography>
      <IconButton size="sm" variant="plain" aria-label={label} onClick={() => void copy(command)}>
        <Copy size={16} aria-hidden />
      </IconButton>
    </Sheet>
  );
}

/** Backups for admins (JOURNEYS "An admin, the year after", step 4): back up now, the backups taken, how to restore one. */
export function BackupsPage() {
  const backups = useBackups();
  const start = useStartBackup();
  const data = backups.data;
  const run = data?.run ?? null;
  const running = run?.status === 'running';
  const latest = data?.backups.find((b) => b.status === 'complete') ?? null;

  const backUp = () =>
    start.mutate(undefined, {
      onSuccess: (started) => toast({ title: 'Backup started', description: `Writing ${started.name}; everyone can keep working.` }),
      onError: (error) =>
        toast({ title: 'Could not start the backup', description: serverMessage(error) ?? 'Try again.', variant: 'destructive' }),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ maxWidth: 720 }}>
          <Typography level="h2" component="h1">
            Backups
          </Typography>
          <Typography level="body-sm">
            A backup copies the event log, the accounts, the key store and the resume files into a new folder on the server, while everyone
            keeps working.
            {data && (
              <>
                {' '}
                Backups go to <code>{data.dir}</code> (set <code>ATS_BACKUP_DIR</code> to keep them on another disk).
              </>
            )}
          </Typography>
        </Box>
        <Button
          startDecorator={<DatabaseBackup size={16} aria-hidden />}
          loading={running || start.isPending}
          loadingPosition="start"
          disabled={!data}
          onClick={backUp}
        >
          Back up now
        </Button>
      </Box>

      {run && (running || run.finishedAt) && (
        <Box>
          <LinearProgress
            determinate={!running}
            value={running ? undefined : 100}
            color={run.status === 'failed' ? 'danger' : run.status === 'done' ? 'success' : 'primary'}
            aria-label="Backup progress"
          />
          <Typography level="body-xs" sx={{ mt: 0.5 }} role="status" aria-live="polite" data-testid="backup-status">
            {running
              ? `Backing up to ${run.name}: ${run.progress.at(-1) ?? 'starting'}`
              : run.status === 'done'
                ? `Backup complete: ${run.name}`
                : `Backup failed: ${run.error ?? 'unknown error'}`}
          </Typography>
        </Box>
      )}

      <Sheet
        variant="outlined"
        component="section"
        aria-labelledby="backups-heading"
        sx={{ borderRadius: 'md', p: 2, display: 'grid', gap: 1.5 }}
      >
        <Typography level="title-md" component="h2" id="backups-heading">
          Backups taken
        </Typography>
        {backups.isPending ? (
          <Box sx={{ display: 'grid', gap: 1 }} aria-label="Loading the backups" role="status">
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        ) : backups.isError ? (
          <Alert
            color="danger"
            variant="soft"
            role="alert"
            endDecorator={
              <Button size="sm" variant="plain" color="danger" onClick={() => void backups.refetch()}>
                Try again
              </Button>
            }
          >
            Could not load the backups{serverMessage(backups.error) ? `: ${serverMessage(backups.error)}` : '.'}
          </Alert>
        ) : !data || data.backups.length === 0 ? (
          <Typography level="body-sm">No backups yet. Back up now, and again before every upgrade.</Typography>
        ) : (
          <Box tabIndex={0} role="region" aria-labelledby="backups-heading" sx={{ overflowX: 'auto' }}>
            <Table size="sm" aria-labelledby="backups-heading">
              <thead>
                <tr>
                  <th scope="col">Backup</th>
                  <th scope="col" style={{ width: 190 }}>
                    Taken
                  </th>
                  <th scope="col" style={{ width: 90 }}>
                    Size
                  </th>
                  <th scope="col" style={{ width: 90 }}>
                    Events
                  </th>
                  <th scope="col" style={{ width: 160 }}>
                    Status
                  </th>
                  <th scope="col" style={{ width: 70 }}>
                    Restore
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.backups.map((b) => (
                  <tr key={b.name}>
                    <td style={{ fontFamily: 'var(--joy-fontFamily-code)', overflowWrap: 'anywhere' }}>{b.name}</td>
                    <td>{new Date(b.createdAt).toLocaleString('en-US')}</td>
                    <td>{formatBytes(b.bytes)}</td>
                    <td>{b.events === null ? '—' : b.events.toLocaleString('en-US')}</td>
                    <td>
                      <Chip size="sm" variant="soft" color={STATUS_CHIP[b.status].color}>
                        {STATUS_CHIP[b.status].label}
                      </Chip>
                    </td>
                    <td>
                      {b.restoreCommand && (
                        <IconButton
                          size="sm"
                          variant="plain"
                          aria-label={`Copy the restore command for ${b.name}`}
                          onClick={() => void copy(b.restoreCommand!)}
                        >
                          <Copy size={16} aria-hidden />
                        </IconButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Box>
        )}
      </Sheet>

      <Sheet
        variant="outlined"
        component="section"
        aria-labelledby="restore-heading"
        sx={{ borderRadius: 'md', p: 2, display: 'grid', gap: 1 }}
      >
        <Typography level="title-md" component="h2" id="restore-heading">
          Restore a backup on another machine
        </Typography>
        <Typography level="body-sm">
          Copy the backup&apos;s folder to the other machine (the same path, or change it in the command), install TalentFlow there, and run
          this in its folder with the server stopped. It checks every file and the log&apos;s hash chain before it writes anything, restores
          into an empty data directory and rebuilds the read models; then <code>npm start</code>.
        </Typography>
        {latest?.restoreCommand ? (
          <CommandLine command={latest.restoreCommand} label="Copy the restore command" />
        ) : (
          <Typography level="body-sm">The command appears here once a backup is complete.</Typography>
        )}
      </Sheet>
    </Box>
  );
}
