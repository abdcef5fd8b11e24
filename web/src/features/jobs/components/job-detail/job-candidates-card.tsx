import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { STAGE_LABELS } from '@ats/contracts';
import { Plus, X } from 'lucide-react';
import { useJobApplications, useDetachFlow } from '@/components/attach';
import { RouterLink } from '@/components/router-links';
import { formatDate, titleCase } from '@/lib/format';

/** The candidates attached to the job, with their stage; writers add and remove them here. */
export function JobCandidatesCard({ jobId, jobName, onAdd }: { jobId: number; jobName: string; onAdd?: () => void }) {
  const { data, isPending, isError } = useJobApplications(jobId);
  const { requestDetach, detachDialog } = useDetachFlow();
  return (
    <Card variant="outlined" component="section" aria-labelledby="job-candidates-heading" data-testid="job-candidates" sx={{ gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="job-candidates-heading" level="title-lg" component="h2" sx={{ flex: 1 }}>
          Attached candidates{data ? ` (${data.length})` : ''}
        </Typography>
        {onAdd && (
          <Button size="sm" startDecorator={<Plus size={16} />} onClick={onAdd}>
            Add candidates
          </Button>
        )}
      </Box>
      {isPending ? (
        <Box role="status" aria-label="Loading attached candidates">
          <Skeleton variant="text" level="body-sm" width="60%" />
          <Skeleton variant="text" level="body-sm" width="40%" />
        </Box>
      ) : isError ? (
        <Typography color="danger">Could not load the attached candidates.</Typography>
      ) : data.length === 0 ? (
        <Typography level="body-sm" textColor="text.tertiary">
          No candidates attached yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Attached candidates" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {data.map((application) => {
            const name = `${application.candidate.firstName} ${application.candidate.lastName}`.trim();
            return (
              <Box
                component="li"
                key={application.id}
                data-testid="job-candidate"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  flexWrap: 'wrap',
                  py: 0.75,
                  borderTop: '1px solid',
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 180 }}>
                  <RouterLink to="/candidates/$id" params={{ id: String(application.candidateId) }} level="title-sm">
                    {name}
                  </RouterLink>
                  <Typography level="body-xs" textColor="text.secondary">
                    {application.candidate.email} · applied {formatDate(application.appliedAt)}
                  </Typography>
                </Box>
                <Chip size="sm" variant="outlined">
                  {STAGE_LABELS[application.stage] ?? titleCase(application.stage)}
                </Chip>
                {onAdd && (
                  <Button
                    size="sm"
                    variant="plain"
                    color="danger"
                    startDecorator={<X size={14} />}
                    aria-label={`Remove ${name} from ${jobName}`}
                    onClick={() =>
                      requestDetach({
                        applicationId: application.id,
                        candidateId: application.candidateId,
                        jobId,
                        candidateName: name,
                        jobName,
                      })
                    }
                  >
                    Remove
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {detachDialog}
    </Card>
  );
}
