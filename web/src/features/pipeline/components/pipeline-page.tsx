import { memo, useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import { UserPlus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { AttachCandidatesDialog } from '@/components/lazy-dialogs';
import { PageHeader } from '@/components/page-header';
import { ExportCsvButton } from '@/components/data-io/export-button';
import { PresenceAvatars } from '@/components/presence';
import { SearchInput } from '@/components/search-input';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { usePipelineSummary } from '../api/get-pipeline-summary';
import { BoardCardActions } from './job-board';
import { PipelineBoard } from './pipeline-board';
import { PipelineSummary } from './pipeline-summary';

export interface JobOption {
  id: number;
  title: string;
}

interface PipelineFiltersProps {
  search: string;
  job: number | undefined;
  jobs: readonly JobOption[];
  onSearchChange: (search: string) => void;
  onJobChange: (job: number | undefined) => void;
}

interface PipelinePageProps extends PipelineFiltersProps {
  /** false for a read-only user: the board is live but its cards cannot be moved */
  canEdit: boolean;
  /** the selected job's name ("CFO (Orion)"), for Add candidates */
  selectedJobName?: string | undefined;
  /** "View as of…" and "Replay" (issue 14), composed by the route */
  historyActions?: ReactNode;
  /** the board as of a past moment, or its replay: shown instead of the live board */
  pastView?: ReactNode;
}

/** SPEC §2.13: the live board, narrowed by candidate search and job. */
export function PipelinePage({ canEdit, selectedJobName, historyActions, pastView, ...filters }: PipelinePageProps) {
  const { search, job } = filters;
  const [adding, setAdding] = useState(false);
  useRealtimeRoom('pipeline');
  const { data: summary, isError, error } = usePipelineSummary({ search, job });

  return (
    <>
      <PageHeader
        title="Recruitment Pipeline"
        subtitle={
          canEdit
            ? 'Drag candidates between stages. Changes appear for everyone instantly.'
            : 'Read-only access: you see every move your team makes, as it happens.'
        }
        actions={
          <>
            <PresenceAvatars place="board" />
            {historyActions}
            <ExportCsvButton list="applications" filters={{ search, job: job === undefined ? undefined : String(job) }} />
            <ExportCsvButton
              list="placements"
              filters={{ search, job: job === undefined ? undefined : String(job) }}
              label="Export placements"
            />
            {canEdit && job && !pastView ? (
              <Button startDecorator={<UserPlus size={16} />} onClick={() => setAdding(true)}>
                Add candidates
              </Button>
            ) : null}
          </>
        }
      />
      <PipelineFilters {...filters} />
      {pastView ?? (
        <>
          <PipelineSummary summary={summary} />
          {isError ? (
            <Card variant="soft" color="danger">
              <EmptyState title="Could not load the pipeline" description={serverMessage(error) ?? error.message} />
            </Card>
          ) : (
            <BoardCardActions canEdit={canEdit}>
              <PipelineBoard search={search} job={job} summary={summary} canEdit={canEdit} />
            </BoardCardActions>
          )}
        </>
      )}
      {canEdit && job && (
        <AttachCandidatesDialog open={adding} onClose={() => setAdding(false)} job={{ id: job, name: selectedJobName ?? `Job ${job}` }} />
      )}
    </>
  );
}

/** The search box and the job select; memoised, so a new summary does not re-render them. */
const PipelineFilters = memo(function PipelineFilters({ search, job, jobs, onSearchChange, onJobChange }: PipelineFiltersProps) {
  // the whole title on hover, should a long one still not fit
  const selected = job ? jobs.find((option) => option.id === job)?.title : undefined;
  return (
    <Box
      sx={{
        display: 'grid',
        // wide enough for a job title with its client ("Chief Financial Officer (Orion Partners)")
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(260px, 40%)', lg: 'minmax(0, 1fr) minmax(320px, 480px)' },
        gap: 1.5,
        mb: 2,
        alignItems: 'end',
      }}
    >
      <FormControl>
        <FormLabel>Search</FormLabel>
        <SearchInput value={search} onChange={onSearchChange} placeholder="Search candidates..." label="Search candidates" />
      </FormControl>
      <FormControl>
        <FormLabel id="pipeline-job-label">Job</FormLabel>
        <Select
          value={job ? String(job) : 'all'}
          // null comes from the select itself while the job list is still loading (the linked
          // job is not an option yet), never from the user: keep a ?job= deep link
          onChange={(_, value) => value !== null && onJobChange(value !== 'all' ? Number(value) : undefined)}
          slotProps={{
            button: {
              id: 'pipeline-job-button',
              'aria-labelledby': 'pipeline-job-label pipeline-job-button',
              title: selected ?? 'All Jobs',
            },
            listbox: { sx: { maxHeight: 320 } },
          }}
          data-testid="pipeline-job-filter"
        >
          <Option value="all">All Jobs</Option>
          {jobs.map((option) => (
            <Option key={option.id} value={String(option.id)}>
              {option.title}
            </Option>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
});
