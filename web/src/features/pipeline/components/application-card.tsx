import { memo, useCallback, type HTMLAttributes, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useDraggable } from '@dnd-kit/core';
import { format } from 'date-fns';
import { limits, type Application } from '@ats/contracts';
import { Building2, CalendarDays, GripVertical, MapPin } from 'lucide-react';
import { ButtonLink } from '@/components/router-links';

export function applicantName(application: Application): string {
  return `${application.candidate.firstName} ${application.candidate.lastName}`.trim();
}

interface CardViewProps extends Omit<HTMLAttributes<HTMLDivElement>, 'color'> {
  application: Application;
  overlay?: boolean;
  dragging?: boolean;
  cardRef?: Ref<HTMLDivElement>;
}

/** What a card shows (SPEC §2.13); used in the column and as the drag overlay. */
export const ApplicationCardView = memo(function ApplicationCardView({
  application,
  overlay,
  dragging,
  cardRef,
  ...rest
}: CardViewProps) {
  const { candidate, job } = application;
  const skills = candidate.skills.slice(0, limits.pipelineCardSkills);
  const more = candidate.skills.length - skills.length;
  const location = job.location ?? candidate.location;
  const applied = new Date(application.appliedAt);
  return (
    <Card
      ref={cardRef}
      variant="outlined"
      {...rest}
      sx={{
        gap: 0.75,
        p: 1.5,
        cursor: overlay ? 'grabbing' : 'grab',
        touchAction: 'manipulation',
        bgcolor: 'background.surface',
        opacity: dragging ? 0.35 : 1,
        boxShadow: overlay ? 'lg' : 'xs',
        transform: overlay ? 'rotate(1.5deg)' : undefined,
        transition: 'box-shadow 120ms ease, border-color 120ms ease',
        '&:hover': { borderColor: 'neutral.outlinedHoverBorder', boxShadow: overlay ? 'lg' : 'sm' },
        '&:focus-visible': { outline: '2px solid var(--joy-palette-focusVisible)', outlineOffset: 2 },
      }}
    >
      <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
        <Box aria-hidden sx={{ color: 'text.tertiary', mt: '2px', display: 'flex' }}>
          <GripVertical size={14} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography level="title-sm" noWrap>
            {applicantName(application)}
          </Typography>
          <Typography level="body-xs" textColor="text.tertiary" noWrap>
            {candidate.email}
          </Typography>
        </Box>
      </Box>
      <Typography level="body-sm" sx={{ fontWeight: 'md' }} textColor="text.primary">
        {job.title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        {job.client && (
          <Typography level="body-xs" textColor="text.secondary" startDecorator={<Building2 size={12} aria-hidden />} noWrap>
            {job.client.companyName}
          </Typography>
        )}
        {location && (
          <Typography level="body-xs" textColor="text.secondary" startDecorator={<MapPin size={12} aria-hidden />} noWrap>
            {location}
          </Typography>
        )}
      </Box>
      {skills.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {skills.map((skill) => (
            <Chip key={skill} size="sm" variant="soft" sx={{ '--Chip-minHeight': '20px', fontSize: 'xs', fontWeight: 'md' }}>
              {skill}
            </Chip>
          ))}
          {more > 0 && (
            <Chip size="sm" variant="plain" sx={{ '--Chip-minHeight': '20px', fontSize: 'xs' }}>
              +{more}
            </Chip>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 0.5, mt: 0.5, minWidth: 0 }}>
        <Typography
          level="body-xs"
          textColor="text.tertiary"
          startDecorator={<CalendarDays size={12} aria-hidden />}
          noWrap
          title={Number.isNaN(applied.getTime()) ? undefined : format(applied, 'PPPp')}
        >
          {Number.isNaN(applied.getTime()) ? '' : `Applied ${format(applied, 'MMM d, yyyy')}`}
        </Typography>
        <ButtonLink
          size="sm"
          variant="plain"
          to="/candidates/$id"
          params={{ id: String(application.candidateId) }}
          tabIndex={overlay ? -1 : undefined}
          aria-label={`View ${applicantName(application)}`}
          sx={{ '--Button-minHeight': '26px', px: 0.75, flexShrink: 0 }}
        >
          View
        </ButtonLink>
      </Box>
    </Card>
  );
});

const CARD_ATTRIBUTES = { role: 'group', roleDescription: 'draggable application card' } as const;

/**
 * A card in a column: draggable with the pointer and (when focused) the keyboard. Memoised with
 * stable handlers, so a drag re-renders only the dragged card's view: dnd-kit re-runs this hook
 * for every card when the drag starts, crosses a column or ends, and the view is skipped.
 */
export const DraggableApplicationCard = memo(function DraggableApplicationCard({ application }: { application: Application }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: application.id,
    data: { type: 'application', stage: application.stage, application },
    attributes: CARD_ATTRIBUTES,
  });
  // Keys and presses on the View link must act on the link, not start a drag.
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.target === event.currentTarget) listeners?.onKeyDown?.(event);
    },
    [listeners],
  );
  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if ((event.target as HTMLElement).closest('a, button')) return;
      listeners?.onPointerDown?.(event);
    },
    [listeners],
  );
  return (
    <li>
      <ApplicationCardView
        application={application}
        cardRef={setNodeRef}
        dragging={isDragging}
        data-testid={`application-card-${application.id}`}
        aria-label={`${applicantName(application)}, ${application.job.title}`}
        {...attributes}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
      />
    </li>
  );
});

export function ApplicationCardSkeleton() {
  return (
    <li aria-hidden>
      <Card variant="outlined" sx={{ p: 1.5, gap: 0.75 }} data-testid="application-card-skeleton">
        <Skeleton variant="text" level="title-sm" width="70%" />
        <Skeleton variant="text" level="body-xs" width="85%" />
        <Skeleton variant="text" level="body-sm" width="60%" />
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Skeleton variant="rectangular" width={48} height={20} sx={{ borderRadius: 'xl' }} />
          <Skeleton variant="rectangular" width={56} height={20} sx={{ borderRadius: 'xl' }} />
        </Box>
      </Card>
    </li>
  );
}
