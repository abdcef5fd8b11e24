import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toast';
import { detachQuestion } from '@/lib/attach';
import { serverMessage } from '@/lib/api-client';
import { useAttachPairs, useDetachApplication } from './api';

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
 * offers Undo, which attaches the pair again through the ordinary attach command (the detached
 * application's stage history stays in the log).
 */
export function useDetachFlow(): { requestDetach: (target: DetachTarget) => void; detachDialog: ReactNode } {
  const [target, setTarget] = useState<DetachTarget | null>(null);
  const detach = useDetachApplication();
  const attach = useAttachPairs();

  const undo = (done: DetachTarget) =>
    attach.mutate([{ candidateId: done.candidateId, jobId: done.jobId, name: done.candidateName }], {
      onSuccess: ([result]) =>
        toast(
          result?.ok
            ? { title: 'Candidate restored', description: `${done.candidateName} is attached to ${done.jobName} again.` }
            : { variant: 'destructive', title: 'Undo failed', description: `${done.candidateName}: ${result?.reason ?? 'failed'}.` },
        ),
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
