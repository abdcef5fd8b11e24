import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toast';
import { attachFailureReason, detachQuestion } from '@/lib/attach';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useDetachApplication, useRestoreApplication } from './api';

/** What a detach needs: the application and the two names the question and toast use. */
export interface DetachTarget {
  applicationId: number;
  candidateId: number;
  jobId: number;
  candidateName: string;
  jobName: string;
}

/**
 * Detach with a confirmation and Undo: `requestDetach` opens the question; on success the toast
 * offers Undo, which restores the same application at its stage (ApplicationRestored), so its
 * history stays one stream in the log.
 */
export function useDetachFlow(): { requestDetach: (target: DetachTarget) => void; detachDialog: ReactNode } {
  const [target, setTarget] = useState<DetachTarget | null>(null);
  const detach = useDetachApplication();
  const restore = useRestoreApplication();

  const undo = (done: DetachTarget) =>
    restore.mutate(done.applicationId, {
      onSuccess: () => toast({ title: 'Candidate restored', description: `${done.candidateName} is attached to ${done.jobName} again.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Undo failed',
          description: `${done.candidateName}: ${attachFailureReason(isApiError(error) ? error.status : undefined, serverMessage(error))}.`,
        }),
    });

  const confirm = () => {
    if (!target) return;
    const done = target;
    detach.mutate(done.applicationId, {
      onSuccess: () => {
        setTarget(null);
        toast({
          title: 'Candidate removed',
          description: `${done.candidateName} removed from ${done.jobName}.`,
          action: { label: 'Undo', onClick: () => undo(done) },
          duration: 8000,
        });
      },
      onError: (error) => {
        setTarget(null);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to remove the candidate. Please try again.',
        });
      },
    });
  };

  const detachDialog = (
    <ConfirmDialog
      id="detach-dialog"
      open={target !== null}
      title="Remove from job?"
      confirmLabel="Remove"
      pending={detach.isPending}
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    >
      {target ? detachQuestion(target.candidateName, target.jobName) : ''}
    </ConfirmDialog>
  );
  return { requestDetach: setTarget, detachDialog };
}
