import { memo, useMemo, useState, type CSSProperties } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { APPLICATION_STAGES, STAGE_LABELS, limits, type Application, type ApplicationStage } from '@ats/contracts';
import { VisuallyHidden } from '@/components/visually-hidden';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { useLoadMoreSentinel } from '@/hooks/use-load-more-sentinel';
import { useStageApplications } from '../api/get-applications';
import { loadedApplications } from '../utils/move-application';
import { ApplicationCardSkeleton, DraggableApplicationCard, StaticApplicationCard } from './application-card';
import styles from './pipeline-column.module.css';

const STAGE_ACCENT: Record<ApplicationStage, string> = {
  applied: 'var(--joy-palette-neutral-400)',
  phone_screen: 'var(--joy-palette-primary-400)',
  interview: 'var(--joy-palette-primary-600)',
  final_interview: 'var(--joy-palette-warning-400)',
  offer: 'var(--joy-palette-warning-600)',
  placed: 'var(--joy-palette-success-500)',
  rejected: 'var(--joy-palette-danger-400)',
};

const ACCENT_STYLE = Object.fromEntries(
  APPLICATION_STAGES.map((stage) => [stage, { '--accent': STAGE_ACCENT[stage] } as CSSProperties]),
) as Record<ApplicationStage, CSSProperties>;

// one object per stage for the droppable's data, so it never changes between renders
const DROP_DATA = Object.fromEntries(APPLICATION_STAGES.map((stage) => [stage, { type: 'column', stage }])) as Record<
  ApplicationStage,
  { type: 'column'; stage: ApplicationStage }
>;

/**
 * A column's first render shows this many cards (B8): more than a column's height holds on a
 * large screen. The rest of the page (up to 30) follow in a transition right after the first
 * paint, so the board's first paint costs a few cards per column rather than a page of each.
 */
export const FIRST_PAINT_CARDS = 8;

interface PipelineColumnProps {
  stage: ApplicationStage;
  search: string;
  job: number | undefined;
  /** the stage's count from the summary; undefined while it loads */
  count: number | undefined;
  /** false for a read-only user: cards that cannot be picked up */
  canEdit: boolean;
}

/**
 * One stage of the board (SPEC §2.13): a drop target whose list scrolls past the window's bottom edge. It loads
 * its own cards page by page, the next page as the list is scrolled near its end.
 */
export const PipelineColumn = memo(function PipelineColumn({ stage, search, job, count, canEdit }: PipelineColumnProps) {
  const params = useMemo(() => ({ search, job }), [search, job]);
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = useStageApplications(
    params,
    stage,
  );
  const loaded = useMemo(() => loadedApplications(data), [data]);
  const allShown = useAfterFirstPaint(loaded.length > FIRST_PAINT_CARDS);
  const applications = useMemo(() => (allShown ? loaded : loaded.slice(0, FIRST_PAINT_CARDS)), [allShown, loaded]);
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
    <section
      ref={setNodeRef}
      aria-label={label}
      data-testid={`pipeline-column-${stage}`}
      data-over={isOver || undefined}
      data-highlight={highlighted || undefined}
      className={styles.column}
      style={ACCENT_STYLE[stage]}
    >
      <div className={styles.header}>
        <h2 className={styles.title}>{label}</h2>
        <span className={styles.count} data-testid={`pipeline-column-count-${stage}`}>
          <span aria-hidden>{count === undefined ? '–' : count}</span>
          <VisuallyHidden>{count === undefined ? `Counting ${label}` : `${count} in ${label}`}</VisuallyHidden>
        </span>
      </div>
      <ul
        ref={setList}
        aria-label={`${label} applications`}
        aria-busy={isPending || isFetchingNextPage || undefined}
        data-testid={`pipeline-column-list-${stage}`}
        className={styles.list}
      >
        {isPending ? (
          Array.from({ length: limits.pipelineColumnSkeletons }, (_, index) => <ApplicationCardSkeleton key={index} />)
        ) : isError ? (
          <li className={styles.note}>Could not load this stage</li>
        ) : loaded.length === 0 ? (
          <li className={styles.note}>No candidates in this stage</li>
        ) : (
          <ColumnCards applications={applications} canEdit={canEdit} />
        )}
        {hasNextPage && !isPending && allShown && <li ref={sentinelRef} aria-hidden className={styles.sentinel} />}
        {isFetchingNextPage && (
          <li role="status" className={styles.loading}>
            <span aria-hidden className={styles.spinner} />
            Loading more…
          </li>
        )}
      </ul>
    </section>
  );
});

/** The cards, skipped when the column re-renders for a drag passing over it. */
const ColumnCards = memo(function ColumnCards({ applications, canEdit }: { applications: readonly Application[]; canEdit: boolean }) {
  const Card = canEdit ? DraggableApplicationCard : StaticApplicationCard;
  return applications.map((application) => <Card key={application.id} application={application} />);
});
