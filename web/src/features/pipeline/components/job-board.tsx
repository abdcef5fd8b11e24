import { useCallback, useState } from 'react';
import Card from '@mui/joy/Card';
import type { Application } from '@ats/contracts';
import { useDetachFlow } from '@/components/attach/use-detach';
import { EmptyState } from '@/components/empty-state';
import { LazyScheduleInterviewDialog, lazyDialog } from '@/components/lazy-dialogs';
import { serverMessage } from '@/lib/api-client';
import { jobName } from '@/lib/attach';
import { usePipelineSummary } from '../api/get-pipeline-summary';
import { BoardPlaceContext } from './board-place';
import { CardActionsContext, CardHistoryContext, CardScheduleContext } from './card-menu';
import { PipelineBoard } from './pipeline-board';
import { PipelineSummary } from './pipeline-summary';

const ApplicationHistoryDialog = lazyDialog(() => import('./application-history-dialog').then((m) => m.ApplicationHistoryDialog));

/** Provides the cards' History to every reader, and "Schedule interview" and "Remove from job" (confirm + Undo) to a writer's board. */
export function BoardCardActions({ canEdit, children }: { canEdit: boolean; children: React.ReactNode }) {
  const { requestDetach, detachDialog } = useDetachFlow();
  const [scheduling, setScheduling] = useState<Application | null>(null);
  const [historyOf, setHistoryOf] = useState<Application | null>(null);
  const onRemove = useCallback(
    (application: Application) =>
      requestDetach({
        applicationId: application.id,
        candidateId: application.candidateId,
        jobId: application.jobId,
        candidateName: `${application.candidate.firstName} ${application.candidate.lastName}`.trim(),
        jobName: jobName(application.job),
      }),
    [requestDetach],
  );
  return (
    <CardHistoryContext.Provider value={setHistoryOf}>
      <CardActionsContext.Provider value={canEdit ? onRemove : null}>
        <CardScheduleContext.Provider value={canEdit ? setScheduling : null}>
          {children}
          {canEdit && detachDialog}
          {scheduling && (
            <LazyScheduleInterviewDialog
              open
              onClose={() => setScheduling(null)}
              candidate={{ id: scheduling.candidateId, name: `${scheduling.candidate.firstName} ${scheduling.candidate.lastName}`.trim() }}
              job={{ id: scheduling.jobId, title: scheduling.job.title }}
            />
          )}
        </CardScheduleContext.Provider>
      </CardActionsContext.Provider>
      {historyOf && <ApplicationHistoryDialog open application={historyOf} onClose={() => setHistoryOf(null)} />}
    </CardHistoryContext.Provider>
  );
}

/**
 * One job's own board (the job page): the summary and the seven columns filtered to the job. Its
 * cards' presence (drag, open card) is on the page's place `job:<id>`, not the pipeline's `board`.
 */
export function JobBoard({ jobId, canEdit }: { jobId: number; canEdit: boolean }) {
  const { data: summary, isError, error } = usePipelineSummary({ job: jobId });
  if (isError) {
    return (
      <Card variant="soft" color="danger">
        <EmptyState title="Could not load the pipeline" description={serverMessage(error) ?? error.message} />
      </Card>
    );
  }
  return (
    <BoardPlaceContext.Provider value={`job:${jobId}`}>
      <BoardCardActions canEdit={canEdit}>
        <PipelineSummary summary={summary} />
        <PipelineBoard search="" job={jobId} summary={summary} canEdit={canEdit} />
      </BoardCardActions>
    </BoardPlaceContext.Provider>
  );
}
