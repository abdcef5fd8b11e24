import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Candidate } from '@ats/contracts';
import { ConfirmDialog, plural } from '@/components/confirm-dialog';
import { toast, toastWithUndo } from '@/components/toast';
import { serverMessage } from '@/lib/api-client';
import { candidateJobsQueryOptions } from '../api/get-candidate-jobs';
import { useDeleteCandidate } from '../api/delete-candidate';
import { useRestoreCandidate } from '../api/restore-candidate';

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

/**
 * Deleting a candidate: a confirmation that counts the applications going with it, then a
 * success toast whose Undo restores the candidate and its applications (a restore command).
 */
export function useCandidateDeletion(): {
  askDelete: (candidate: Candidate) => void;
  deletingId: number | null;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<Candidate | null>(null);
  const deleteCandidate = useDeleteCandidate();
  const restoreCandidate = useRestoreCandidate();
  // the applications that go with it, counted while the dialog is open
  const jobs = useQuery({ ...candidateJobsQueryOptions(asked?.id ?? 0), enabled: asked !== null });
  const close = () => setAsked(null);

  const confirm = (candidate: Candidate) => {
    const name = `${candidate.firstName} ${candidate.lastName}`;
    deleteCandidate.mutate(candidate.id, {
      onSuccess: () => {
        close();
        toastWithUndo({
          title: 'Candidate deleted',
          description: `${name} was deleted.`,
          // mutateAsync: the promise settles even if this list is gone by then
          undo: () =>
            void restoreCandidate.mutateAsync(candidate.id).then(
              () => toast({ title: 'Candidate restored', description: `${name} is back with their applications.` }),
              (error: unknown) => failed(serverMessage(error) ?? 'Failed to restore the candidate. Please try again.'),
            ),
        });
      },
      onError: () => {
        close();
        failed('Failed to delete candidate. Please try again.');
      },
    });
  };

  const applications = asked && jobs.data ? jobs.data.length : 0;
  const dialog = asked ? (
    <ConfirmDialog
      open
      title={
        applications > 0
          ? `Delete ${asked.firstName} ${asked.lastName} and their ${plural(applications, 'application')}?`
          : `Delete ${asked.firstName} ${asked.lastName}?`
      }
      description="The candidate leaves the list and the pipeline. You can undo this from the notification for a few seconds."
      pending={deleteCandidate.isPending}
      onConfirm={() => confirm(asked)}
      onClose={close}
    />
  ) : null;

  return {
    askDelete: setAsked,
    deletingId: deleteCandidate.isPending ? (deleteCandidate.variables ?? null) : null,
    dialog,
  };
}
