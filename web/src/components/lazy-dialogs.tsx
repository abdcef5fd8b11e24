import { Suspense, lazy, type ComponentType } from 'react';

/**
 * The AI, e-mail, resume and posting dialogs are loaded on first open (their code is not part
 * of any screen's chunk), and are mounted only while open, so every open starts fresh.
 */
function lazyDialog<P extends { open: boolean; onClose: () => void }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Omit<P, 'open'> & { open: boolean }) {
    if (!props.open) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as unknown as P)} />
      </Suspense>
    );
  };
}

export const AiAnalysisDialog = lazyDialog(() => import('@/features/ai/components/ai-analysis-dialog').then((m) => m.AiAnalysisDialog));
export const AiToolkitDialog = lazyDialog(() => import('@/features/ai/components/ai-toolkit-dialog').then((m) => m.AiToolkitDialog));
export const SendEmailDialog = lazyDialog(() => import('@/features/email/components/send-email-dialog').then((m) => m.SendEmailDialog));
export const SendContactEmailDialog = lazyDialog(() =>
  import('@/features/email/components/contact-email-dialog').then((m) => m.ContactEmailDialog),
);
export const UploadResumeDialog = lazyDialog(() =>
  import('@/features/candidates/components/upload-resume-dialog').then((m) => m.UploadResumeDialog),
);
export const PostLinkedinDialog = lazyDialog(() =>
  import('@/features/jobs/components/post-linkedin-dialog').then((m) => m.PostLinkedinDialog),
);
export const AttachJobsDialog = lazyDialog(() => import('@/components/attach/attach-jobs-dialog').then((m) => m.AttachJobsDialog));
export const AttachCandidatesDialog = lazyDialog(() =>
  import('@/components/attach/attach-candidates-dialog').then((m) => m.AttachCandidatesDialog),
);
// the dashboard's Quick Add dialogs: not part of the dashboard's chunk, so its first screen does not wait for the forms' code
export const LazyAddCandidateDialog = lazyDialog(() =>
  import('@/features/candidates/components/add-candidate-dialog').then((m) => m.AddCandidateDialog),
);
export const LazyAddClientDialog = lazyDialog(() =>
  import('@/features/clients/components/add-client-dialog').then((m) => m.AddClientDialog),
);
export const LazyAddJobDialog = lazyDialog(() => import('@/features/jobs/components/add-job-dialog').then((m) => m.AddJobDialog));
export const LazyTaskDialog = lazyDialog(() => import('@/components/tasks/task-dialog').then((m) => m.TaskDialog));
