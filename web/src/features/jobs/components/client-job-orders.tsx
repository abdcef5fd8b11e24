import { useState } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { Briefcase, Plus } from 'lucide-react';
import { RouterLink } from '@/components/router-links';
import { LazyAddJobDialog as AddJobDialog } from '@/components/lazy-dialogs';
import { formatSalaryRange, titleCase } from '@/lib/format';
import { useJobs } from '../api/get-jobs';
import { JOB_STATUS_COLOR } from '../utils/job-style';

/**
 * A client's job orders on the client's page, with Add Job Order for this client: a new search
 * from a client ("a client calls with a new search") starts where the client is, and a job's
 * client is one click away from it.
 */
export function ClientJobOrders({ clientId, clientName, canEdit }: { clientId: number; clientName: string; canEdit: boolean }) {
  const { data: jobs, isPending, isError } = useJobs();
  const [adding, setAdding] = useState(false);
  const mine = (jobs ?? []).filter((job) => job.clientId === clientId);
  return (
    <Card variant="outlined" component="section" aria-labelledby="client-jobs-heading" sx={{ gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="client-jobs-heading" level="title-lg" component="h2" startDecorator={<Briefcase size={18} aria-hidden />}>
          Job Orders{jobs ? ` (${mine.length})` : ''}
        </Typography>
        {canEdit && (
          <Button size="sm" startDecorator={<Plus size={16} />} onClick={() => setAdding(true)}>
            Add Job Order
          </Button>
        )}
      </Box>
      {isPending ? (
        <Box role="status" aria-label="Loading job orders" sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </Box>
      ) : isError ? (
        <Typography textColor="danger.plainColor">Could not load the job orders</Typography>
      ) : mine.length === 0 ? (
        <Typography textColor="text.tertiary" sx={{ py: 2, textAlign: 'center' }}>
          No job orders for {clientName} yet
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Job orders of ${clientName}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {mine.map((job) => (
            <Box
              component="li"
              key={job.id}
              data-testid={`client-job-${job.id}`}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                <RouterLink to="/jobs/$id" params={{ id: String(job.id) }} level="title-sm">
                  {job.title}
                </RouterLink>
                <Typography level="body-xs" textColor="text.tertiary">
                  {[job.location, formatSalaryRange(job.salaryMin, job.salaryMax), `${job.candidateCount} candidates`]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Chip size="sm" variant="soft" color={JOB_STATUS_COLOR[job.status] ?? 'neutral'}>
                {titleCase(job.status)}
              </Chip>
            </Box>
          ))}
        </Box>
      )}
      {canEdit && <AddJobDialog open={adding} onClose={() => setAdding(false)} clientId={clientId} />}
    </Card>
  );
}
