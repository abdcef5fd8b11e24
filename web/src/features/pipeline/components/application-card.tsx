import { memo, useCallback, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type PointerEvent, type Ref } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { useRouter } from '@tanstack/react-router';
import { format } from 'date-fns';
import { limits, type Application } from '@ats/contracts';
import { Building2, CalendarDays, GripVertical, MapPin } from 'lucide-react';
import { CardPresence } from '@/components/presence';
import { setOpenCard } from '@/lib/presence';
import { useBoardPlace } from './board-place';
import { CardMenu } from './card-menu';
import styles from './application-card.module.css';

export function applicantName(application: Application): string {
  return `${application.candidate.firstName} ${application.candidate.lastName}`.trim();
}

interface CardViewProps extends Omit<HTMLAttributes<HTMLDivElement>, 'color'> {
  application: Application;
  overlay?: boolean;
  dragging?: boolean;
  /** a card that cannot be moved: no grip, no grab cursor */
  still?: boolean;
  cardRef?: Ref<HTMLDivElement>;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** What a card shows (SPEC §2.13); used in the column and as the drag overlay. */
export const ApplicationCardView = memo(function ApplicationCardView({
  application,
  overlay,
  dragging,
  still,
  cardRef,
  ...rest
}: CardViewProps) {
  const { candidate, job } = application;
  const skills = candidate.skills.slice(0, limits.pipelineCardSkills);
  const more = candidate.skills.length - skills.length;
  const location = job.location ?? candidate.location;
  const applied = new Date(application.appliedAt);
  const hasDate = !Number.isNaN(applied.getTime());
  const name = applicantName(application);
  const place = useBoardPlace();
  const router = useRouter();
  // A plain link, not the router's <Link>: that one builds its location and subscribes to the
  // router on every render, which a column of cards pays for many times over.
  const openCandidate = (event: MouseEvent<HTMLAnchorElement>, id: number) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ to: '/candidates/$id', params: { id: String(id) } });
  };
  return (
    <div ref={cardRef} {...rest} className={cx(styles.card, dragging && styles.dragging, overlay && styles.overlay, still && styles.still)}>
      <div className={styles.head}>
        {!still && (
          <span aria-hidden className={styles.grip}>
            <GripVertical size={14} />
          </span>
        )}
        <div className={styles.who}>
          <p className={cx(styles.name, styles.nowrap)}>{name}</p>
          <p className={cx(styles.line, styles.muted, styles.nowrap)}>{candidate.email}</p>
        </div>
        {!overlay && <CardPresence place={place} cardId={application.id} />}
        {!overlay && <CardMenu application={application} name={name} />}
      </div>
      <p className={styles.job}>{job.title}</p>
      {(job.client || location) && (
        <div className={styles.places}>
          {job.client && (
            <p className={cx(styles.line, styles.withIcon)}>
              <Building2 size={12} aria-hidden />
              <span>{job.client.companyName}</span>
            </p>
          )}
          {location && (
            <p className={cx(styles.line, styles.withIcon)}>
              <MapPin size={12} aria-hidden />
              <span>{location}</span>
            </p>
          )}
        </div>
      )}
      {skills.length > 0 && (
        <ul className={styles.skills} aria-label="Skills">
          {skills.map((skill) => (
            <li key={skill} className={styles.chip}>
              {skill}
            </li>
          ))}
          {more > 0 && <li className={cx(styles.chip, styles.more)}>+{more}</li>}
        </ul>
      )}
      <div className={styles.foot}>
        <p className={cx(styles.line, styles.muted, styles.withIcon)} title={hasDate ? format(applied, 'PPPp') : undefined}>
          <CalendarDays size={12} aria-hidden />
          <span>{hasDate ? `Applied ${format(applied, 'MMM d, yyyy')}` : ''}</span>
        </p>
        <a
          href={`/candidates/${application.candidateId}`}
          onClick={(event) => openCandidate(event, application.candidateId)}
          className={styles.view}
          tabIndex={overlay ? -1 : undefined}
          aria-label={`View ${name}`}
        >
          View
        </a>
      </div>
    </div>
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
      const target = event.target as HTMLElement;
      // the View link, the menu button, and the menu (a portal: outside the card's DOM) act on their own
      if (!event.currentTarget.contains(target) || target.closest('a, button')) return;
      listeners?.onPointerDown?.(event);
    },
    [listeners],
  );
  const id = application.id;
  const place = useBoardPlace();
  const onFocus = useCallback(() => setOpenCard(place, id), [place, id]);
  const onBlur = useCallback(() => setOpenCard(place, null, id), [place, id]);
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
        onFocus={onFocus}
        onBlur={onBlur}
      />
    </li>
  );
});

/** A card a read-only user sees: the same content, but nothing to pick up with pointer or keyboard. */
export const StaticApplicationCard = memo(function StaticApplicationCard({ application }: { application: Application }) {
  return (
    <li>
      <ApplicationCardView
        application={application}
        still
        role="group"
        data-testid={`application-card-${application.id}`}
        aria-label={`${applicantName(application)}, ${application.job.title}`}
      />
    </li>
  );
});

export function ApplicationCardSkeleton() {
  return (
    <li aria-hidden>
      <div className={cx(styles.card, styles.skeleton)} data-testid="application-card-skeleton">
        <div className={styles.bone} style={{ width: '70%' }} />
        <div className={styles.bone} style={{ width: '85%' }} />
        <div className={styles.bone} style={{ width: '60%' }} />
        <div className={styles.head}>
          <div className={styles.pill} style={{ width: 48 }} />
          <div className={styles.pill} style={{ width: 56 }} />
        </div>
      </div>
    </li>
  );
}
