import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { STAGE_LABELS } from '@ats/contracts';
import { Briefcase, MapPin, Plus, X } from 'lucide-react';
import { useDetachFlow } from '@/components/attach';
import { AttachJobsDialog } from '@/components/lazy-dialogs';
import { RouterLink } from '@/components/router-links';
import { jobName } from '@/lib/attach';
import { useJobChoices } from '@/lib/choices';
import { formatDate, titleCase } from '@/lib/format';
import { useCandidateJobs } from '../../api/get-candidate-jobs';
import { ApplicationSourceSelect } from './application-source-select';

/**
 * SPEC §2.7 Attached Jobs: title, job status, location and 'Applied {date}'. A writer adds the
 * candidate to jobs ("Add to job") and removes them from one (confirmed, with Undo).
 */
export function AttachedJobsTab({ candidateId, candidateName, canEdit }: { candidateId: number; candidateName: string; canEdit: boolean }) {
  const { data, isPending, isError } = useCandidateJobs(candidateId);
  const [adding, setAdding] = useState(false);
  const { requestDetach, detachDialog } = useDetachFlow();
  // the job's client names it in the detach question ("CFO (Orion)"), once the job list is here
  const jobs = useJobChoices(canEdit);
  const nameOf = (id: number, title: string) => {
    const job = jobs.data?.find((j) => j.id === id);
    return job ? jobName(job) : title;
  };
  const toolbar = canEdit && (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
      <Button size="sm" startDecorator={<Plus size={16} />} onClick={() => setAdding(true)}>
        Add to job
      </Button>
    </Box>
  );
  const dialogs = canEdit && (
    <>
      <AttachJobsDialog open={adding} onClose={() => setAdding(false)} candidate={{ id: candidateId, name: candidateName }} />
      {detachDialog}
    </>
  );
  if (isPending) {
    return (
      <Card variant="soft" role="status" aria-busy="true" aria-label="Loading attached jobs">
        <Skeleton variant="text" level="title-sm" width="40%" />
        <Skeleton variant="text" level="body-sm" width="60%" />
      </Card>
    );
  }
  if (isError) return <Typography color="danger">Could not load attached jobs.</Typography>;
  if (data.length === 0) {
    return (
      <>
        {toolbar}
        <Typography textColor="text.tertiary" sx={{ py: 4, textAlign: 'center' }}>
          No attached jobs yet
        </Typography>
        {dialogs}
      </>
    );
  }
  return (
    <>
      {toolbar}
      <Box component="ul" aria-label="Attached jobs" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {data.map((job) => (
          <Card key={job.applicationId} component="li" variant="outlined" data-testid="attached-job" sx={{ gap: 0.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography level="title-md" startDecorator={<Briefcase size={16} aria-hidden />} sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <RouterLink to="/jobs/$id" params={{ id: String(job.id) }} color="neutral">
                  {job.title}
                </RouterLink>
              </Typography>
              {/* status, stage and Remove wrap together, below the title on a phone */}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Chip size="sm" variant="soft" color="primary">
                  {titleCase(job.status)}
                </Chip>
                <Chip size="sm" variant="outlined">
                  {STAGE_LABELS[job.stage] ?? titleCase(job.stage)}
                </Chip>
                {canEdit && (
                  <Button
                    size="sm"
                    variant="plain"
                    color="danger"
                    startDecorator={<X size={14} />}
                    aria-label={`Remove from ${job.title}`}
                    onClick={() =>
                      requestDetach({
                        applicationId: job.applicationId,
                        candidateId,
                        jobId: job.id,
                        candidateName,
                        jobName: nameOf(job.id, job.title),
                      })
                    }
                  >
                    Remove
                  </Button>
                )}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              {job.location && (
                <Typography level="body-sm" textColor="text.secondary" startDecorator={<MapPin size={14} aria-hidden />}>
                  {job.location}
                </Typography>
              )}
              <Typography level="body-sm" textColor="text.tertiary">
                Applied {formatDate(job.appliedAt)}
              </Typography>
              <ApplicationSourceSelect candidateId={candidateId} job={job} canEdit={canEdit} />
            </Box>
          </Card>
        ))}
      </Box>
      {dialogs}
    </>
  );
}
