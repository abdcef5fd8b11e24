import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useDroppable } from '@dnd-kit/core';
import { STAGE_LABELS, limits, type Application, type ApplicationStage } from '@ats/contracts';
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

interface PipelineColumnProps {
  stage: ApplicationStage;
  applications: readonly Application[];
  loading: boolean;
}

/** One stage of the board (SPEC §2.13): a drop target whose list scrolls beyond 24rem. */
export function PipelineColumn({ stage, applications, loading }: PipelineColumnProps) {
  const { setNodeRef, isOver, active } = useDroppable({ id: stage, data: { type: 'column', stage } });
  const label = STAGE_LABELS[stage] ?? stage;
  const activeStage = (active?.data.current as { stage?: string } | undefined)?.stage;
  const canDrop = Boolean(active) && activeStage !== stage;
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
        borderColor: isOver && canDrop ? 'primary.400' : 'divider',
        bgcolor: isOver && canDrop ? 'primary.softBg' : 'background.level1',
        borderTop: `3px solid ${STAGE_ACCENT[stage]}`,
        transition: 'background-color 120ms ease, border-color 120ms ease',
        scrollSnapAlign: 'start',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1.5, pt: 1.25, pb: 1 }}>
        <Typography level="title-sm" component="h2">
          {label}
        </Typography>
        <Chip size="sm" variant="outlined" color="neutral" aria-label={`${applications.length} in ${label}`}>
          {loading ? '–' : applications.length}
        </Chip>
      </Box>
      <Box
        component="ul"
        aria-label={`${label} applications`}
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
        {loading ? (
          Array.from({ length: limits.pipelineColumnSkeletons }, (_, index) => <ApplicationCardSkeleton key={index} />)
        ) : applications.length === 0 ? (
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
              No candidates in this stage
            </Typography>
          </Box>
        ) : (
          applications.map((application) => <DraggableApplicationCard key={application.id} application={application} />)
        )}
      </Box>
    </Sheet>
  );
}
