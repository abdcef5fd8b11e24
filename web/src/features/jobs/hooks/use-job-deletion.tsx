import { useState, type ReactNode } from 'react';
import type { Job } from '@ats/contracts';
import { ConfirmDialog, plural } from '@/components/confirm-dialog';
import { toast, toastWithUndo } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteJob } from '../api/delete-job';
import { useRestoreJob } from '../api/restore-job';

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

/**
 * Deleting a job order: a confirmation that counts the candidates attached to it, then a success
 * toast whose Undo restores the job and its attached candidates (a restore command).
 */
export function useJobDeletion({ onDeleted }: { onDeleted?: () => void } = {}): {
  askDelete: (job: Job) => void;
  deletingId: number | null;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<Job | null>(null);
  const deleteJob = useDeleteJob();
  const restoreJob = useRestoreJob();
  const close = () => setAsked(null);

  const confirm = (job: Job) =>
    deleteJob.mutate(job.id, {
      onSuccess: () => {
        close();
        onDeleted?.();
        toastWithUndo({
          title: 'Job deleted',
          description: `${job.title} was deleted.`,
          undo: () =>
            void restoreJob.mutateAsync(job.id).then(
              () => toast({ title: 'Job restored', description: `${job.title} is back with its attached candidates.` }),
              (error: unknown) => failed(serverMessage(error) ?? 'Failed to restore the job order. Please try again.'),
            ),
        });
      },
      onError: () => {
        close();
        failed('Failed to delete job order. Please try again.');
      },
    });

  const attached = asked?.candidateCount ?? 0;
  const dialog = asked ? (
    <ConfirmDialog
      open
      title={attached > 0 ? `Delete ${asked.title} and its ${plural(attached, 'attached candidate')}?` : `Delete ${asked.title}?`}
      description="The job order leaves the list and the pipeline. You can undo this from the notification for a few seconds."
      pending={deleteJob.isPending}
      onConfirm={() => confirm(asked)}
      onClose={close}
    />
  ) : null;

  return { askDelete: setAsked, deletingId: deleteJob.isPending ? (deleteJob.variables ?? null) : null, dialog };
}
