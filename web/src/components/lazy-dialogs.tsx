import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads on its first render: a view or dialog that a screen's first paint
 * does not show (B8: it stays out of the screen's chunk), with `fallback` while it loads.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

/**
 * The AI, e-mail, resume and posting dialogs are loaded on first open (their code is not part
 * of any screen's chunk), and are mounted only while open, so every open starts fresh.
 */
export function lazyDialog<P extends { open: boolean; onClose: () => void }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazyComponent(load);
  return function LazyDialog(props: Omit<P, 'open'> & { open: boolean }) {
    if (!props.open) return null;
    return <Lazy {...(props as unknown as P)} />;
  };
}

/**
 * A dialog whose code loads on its first open and which then stays mounted, open or not, as the
 * plain dialog was: one that keeps its draft across a close keeps it still (B8).
 */
export function lazyKeptDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazyComponent(load);
  return function LazyKeptDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Lazy {...props} /> : null;
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
// the board's "Schedule interview" (a form with pickers): not part of the pipeline's chunk
export const LazyScheduleInterviewDialog = lazyDialog(() =>
  import('@/components/interviews/schedule-interview-dialog').then((m) => m.ScheduleInterviewDialog),
);
// B8: the lists' Add and Edit forms and the dashboard's interview detail (with its change forms)
// load on open, so the candidates', jobs' and dashboard's first screens do not wait for zod
export const LazyEditJobDialog = lazyDialog(() => import('@/features/jobs/components/edit-job-dialog').then((m) => m.EditJobDialog));
const LazyInterviewDetail = lazyComponent(() =>
  import('@/components/interviews/interview-detail-dialog').then((m) => m.InterviewDetailDialog),
);
/** An interview's detail, loaded when one is opened (`interviewId` not null). */
export function LazyInterviewDetailDialog(props: { interviewId: number | null; onClose: () => void; canEdit: boolean }) {
  return props.interviewId === null ? null : <LazyInterviewDetail {...props} />;
}
// B8: an interview's change dialogs (forms with zod and react-hook-form) load on open, so the
// candidate's and job's pages and the calendar do not load the forms' code before their first paint
export const LazyInterviewActionDialogs = lazyComponent(() =>
  import('@/components/interviews/interview-detail-dialog').then((m) => m.InterviewActionDialogs),
);
// the clients', a client's and the team's Add and Edit forms: load on first open (B8)
export const LazyKeptAddClientDialog = lazyKeptDialog(() =>
  import('@/features/clients/components/add-client-dialog').then((m) => m.AddClientDialog),
);
export const LazyKeptEditClientDialog = lazyKeptDialog(() =>
  import('@/features/clients/components/edit-client-dialog').then((m) => m.EditClientDialog),
);
export const LazyKeptAddContactDialog = lazyKeptDialog(() =>
  import('@/features/clients/components/add-contact-dialog').then((m) => m.AddContactDialog),
);
export const LazyKeptAddUserDialog = lazyKeptDialog(() =>
  import('@/features/team/components/add-user-dialog').then((m) => m.AddUserDialog),
);
