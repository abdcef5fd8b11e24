import { memo, useMemo, useState } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useDroppable } from '@dnd-kit/core';
import { APPLICATION_STAGES, STAGE_LABELS, limits, type Application, type ApplicationStage } from '@ats/contracts';
import { useLoadMoreSentinel } from '@/hooks/use-load-more-sentinel';
import { useStageApplications } from '../api/get-applications';
import { loadedApplications } from '../utils/move-application';
import { ApplicationCardSkeleton, DraggableApplicationCard } from './application-card';

const STAGE_ACCENT: Record<ApplicationStage, string> = {
  applied: 'var(--joy-palette-neutral-400)',
  phone_screen: 'var(--joy-palette-primary-400)',
  interview: 'var(--joy-palette-primary-600)',
  final_interview: 'var(--joy-palette-warning-400)',
  offer: 'var(--joy-palette-warning-600)',
  placed: 'var(--joy-palette-success-500)',
  rejected: 'var(--joy-palette-danger-400)',
};

// one object per stage for the droppable's data, so it never changes between renders
const DROP_DATA = Object.fromEntries(APPLICATION_STAGES.map((stage) => [stage, { type: 'column', stage }])) as Record<
  ApplicationStage,
  { type: 'column'; stage: ApplicationStage }
>;

interface PipelineColumnProps {
  stage: ApplicationStage;
  search: string;
  job: number | undefined;
  /** the stage's count from the summary; undefined while it loads */
  count: number | undefined;
}

/**
 * One stage of the board (SPEC §2.13): a drop target whose list scrolls beyond 24rem. It loads
 * its own cards page by page, the next page as the list is scrolled near its end.
 */
export const PipelineColumn = memo(function PipelineColumn({ stage, search, job, count }: PipelineColumnProps) {
  const params = useMemo(() => ({ search, job }), [search, job]);
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = useStageApplications(params, stage);
  const applications = useMemo(() => loadedApplications(data), [data]);
  const { setNodeRef, isOver, active } = useDroppable({ id: stage, data: DROP_DATA[stage] });
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const sentinelRef = useLoadMoreSentinel(() => void fetchNextPage({ cancelRefetch: false }), {
    enabled: hasNextPage && !isFetchingNextPage && !isPlaceholderData,
    root: list,
    rootMargin: '0px 0px 160px 0px',
  });
  const label = STAGE_LABELS[stage] ?? stage;
  const activeStage = (active?.data.current as { stage?: string } | undefined)?.stage;
  const highlighted = isOver && Boolean(active) && activeStage !== stage;
  return (
    <Sheet
      ref={setNodeRef}
      component="section"
      aria-label={label}
      data-testid={`pipeline-column-${stage}`}
      data-over={isOver || undefined}
      variant="soft"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        borderRadius: 'lg',
        border: '1px solid',
        borderColor: highlighted ? 'primary.400' : 'divider',
        bgcolor: highlighted ? 'primary.softBg' : 'background.level1',
        borderTop: `3px solid ${STAGE_ACCENT[stage]}`,
        transition: 'background-color 120ms ease, border-color 120ms ease',
        scrollSnapAlign: 'start',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1.5, pt: 1.25, pb: 1 }}>
        <Typography level="title-sm" component="h2">
          {label}
        </Typography>
        <Chip
          size="sm"
          variant="outlined"
          color="neutral"
          aria-label={count === undefined ? `Counting ${label}` : `${count} in ${label}`}
          data-testid={`pipeline-column-count-${stage}`}
        >
          {count === undefined ? '–' : count}
        </Chip>
      </Box>
      <Box
        component="ul"
        ref={setList}
        aria-label={`${label} applications`}
        aria-busy={isPending || isFetchingNextPage || undefined}
        data-testid={`pipeline-column-list-${stage}`}
        sx={{
          listStyle: 'none',
          m: 0,
          px: 1,
          pb: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          maxHeight: '24rem',
          minHeight: 96,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
        }}
      >
        {isPending ? (
          Array.from({ length: limits.pipelineColumnSkeletons }, (_, index) => <ApplicationCardSkeleton key={index} />)
        ) : isError ? (
          <ColumnNote>Could not load this stage</ColumnNote>
        ) : applications.length === 0 ? (
          <ColumnNote>No candidates in this stage</ColumnNote>
        ) : (
          <ColumnCards applications={applications} />
        )}
        {hasNextPage && !isPending && <Box component="li" ref={sentinelRef} aria-hidden sx={{ minHeight: '1px', flexShrink: 0 }} />}
        {isFetchingNextPage && (
          <Box component="li" role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, py: 1 }}>
            <CircularProgress size="sm" variant="plain" aria-hidden sx={{ '--CircularProgress-size': '16px' }} />
            <Typography level="body-xs" textColor="text.tertiary">
              Loading more…
            </Typography>
          </Box>
        )}
      </Box>
    </Sheet>
  );
});

/** The cards, skipped when the column re-renders for a drag passing over it. */
const ColumnCards = memo(function ColumnCards({ applications }: { applications: readonly Application[] }) {
  return applications.map((application) => <DraggableApplicationCard key={application.id} application={application} />);
});

function ColumnNote({ children }: { children: string }) {
  return (
    <Box
      component="li"
      sx={{
        border: '1px dashed',
        borderColor: 'neutral.outlinedBorder',
        borderRadius: 'md',
        py: 3,
        px: 1,
        textAlign: 'center',
      }}
    >
      <Typography level="body-xs" textColor="text.tertiary">
        {children}
      </Typography>
    </Box>
  );
}
