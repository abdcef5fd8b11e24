import { useState } from 'react';
import Button from '@mui/joy/Button';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import { useQueryClient } from '@tanstack/react-query';
import { contracts, type Job } from '@ats/contracts';
import { toast } from '@/components/toast';
import { callContract, serverMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The offer after a placement filled a job's last opening: one click sets the job's status to
 * Filled (PATCH /api/jobs/:id from the revision just read, so a status someone else set
 * meanwhile is not overwritten silently). `job` null = closed.
 */
export function MarkJobFilledDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const markFilled = () => {
    if (!job) return;
    setSaving(true);
    callContract(contracts.updateJob, { params: { id: job.id }, body: { status: 'filled', baseRevision: job.revision } })
      .then(
        () => toast({ title: 'Job updated', description: `${job.title} is marked Filled.` }),
        (error: unknown) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update job order. Please try again.',
          }),
      )
      .finally(() => {
        setSaving(false);
        onClose();
        void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all() });
      });
  };
  return (
    <Modal open={job !== null} onClose={() => !saving && onClose()}>
      <ModalDialog role="alertdialog" aria-labelledby="mark-filled-title" aria-describedby="mark-filled-description" sx={{ maxWidth: 460 }}>
        <DialogTitle id="mark-filled-title" component="h2">
          Mark job order Filled?
        </DialogTitle>
        <DialogContent id="mark-filled-description">{job ? `All openings of ${job.title} are filled — mark it Filled?` : ''}</DialogContent>
        <DialogActions>
          <Button onClick={markFilled} loading={saving} loadingPosition="start">
            Mark Filled
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose} disabled={saving}>
            Not now
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
