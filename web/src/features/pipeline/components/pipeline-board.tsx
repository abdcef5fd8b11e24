import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { BoardScrollHint, useBoardFit } from './board-scroll-hint';
import Box from '@mui/joy/Box';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { APPLICATION_STAGES, STAGE_LABELS, type Application, type ApplicationStage, type PipelineSummary } from '@ats/contracts';
import { lazyComponent } from '@/components/lazy-dialogs';
import { toast, toastWithUndo } from '@/components/toast';
import { setPlaceActivity } from '@/lib/presence';
import { useChangeApplicationStage } from '../api/change-application-stage';
import { useFilledOffer } from '../hooks/use-filled-offer';
import { focusMovedCard } from '../utils/focus-moved-card';
import { columnKeyboardCoordinates } from '../utils/keyboard-coordinates';
import { isApplicationStage, resolveStageDrop } from '../utils/resolve-stage-drop';
import { parseStageConflict, stageConflictToast } from '../utils/stage-conflict';
import { ApplicationCardView, applicantName } from './application-card';
import { ConfirmPlacementDialog, type PendingPlacement } from './confirm-placement-dialog';
import { useBoardPlace } from './board-place';
import { PipelineColumn } from './pipeline-column';
import { CardMoveContext } from './card-menu';

// offered after a placement only: loaded then, not with the board
const MarkJobFilledDialog = lazyComponent(() => import('@/components/mark-job-filled-dialog').then((m) => m.MarkJobFilledDialog));

const hiddenMask = ({ left, right }: { left: string[]; right: string[] }) =>
  left.length || right.length
    ? `linear-gradient(to right, ${left.length ? 'transparent 0, black 48px' : 'black 0'}, ${right.length ? 'black calc(100% - 48px), transparent 100%' : 'black 100%'})`
    : undefined;

type DragData = { type: 'application'; stage: ApplicationStage; application: Application };

const dragData = (data: unknown): DragData | null =>
  data && typeof data === 'object' && (data as DragData).type === 'application' ? (data as DragData) : null;

const stageLabel = (stage: unknown) => (typeof stage === 'string' ? (STAGE_LABELS[stage] ?? stage) : '');

// The pointer decides while there is one; the keyboard (no pointer) uses the moved card's rect.
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return rectIntersection(args);
};

// The column the last announcement named. dnd-kit reports "over" right after the pick-up (the
// card is over its own column), which would replace "Picked up…" before it is read; only a
// change of column is news.
let announcedColumn: unknown = null;

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const data = dragData(active.data.current);
    announcedColumn = data?.stage ?? null;
    return data
      ? `Picked up ${applicantName(data.application)} for ${data.application.job.title}, in ${stageLabel(data.stage)}.`
      : 'Picked up an application.';
  },
  onDragOver: ({ active, over }) => {
    const column = over?.id ?? null;
    if (column === announcedColumn) return undefined;
    announcedColumn = column;
    const data = dragData(active.data.current);
    const name = data ? applicantName(data.application) : 'The application';
    return over ? `${name} is over the ${stageLabel(over.id)} column.` : `${name} is no longer over a column.`;
  },
  onDragEnd: ({ active, over }) => {
    const data = dragData(active.data.current);
    if (!data) return undefined;
    const to = resolveStageDrop(data.stage, over ? { id: over.id, data: over.data.current } : null);
    return to
      ? `${applicantName(data.application)} was moved from ${stageLabel(data.stage)} to ${stageLabel(to)}.`
      : `${applicantName(data.application)} stays in ${stageLabel(data.stage)}.`;
  },
  onDragCancel: ({ active }) => {
    const data = dragData(active.data.current);
    return data ? `Moving was cancelled. ${applicantName(data.application)} stays in ${stageLabel(data.stage)}.` : undefined;
  },
};

// Module constants: new sensor options would give every card new drag listeners, and so a
// re-render of every card, each time the board renders (drag start, drop, a new summary).
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: columnKeyboardCoordinates };

const screenReaderInstructions = {
  draggable:
    'To move this application to another stage, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
};

const ACCESSIBILITY = { announcements, screenReaderInstructions };

// a read-only board: neither pointer nor keyboard can pick a card up
const NO_SENSORS: never[] = [];

interface PipelineBoardProps {
  search: string;
  job: number | undefined;
  /** the counts for the column headers; undefined while they load */
  summary: PipelineSummary | undefined;
  /** false for a read-only user: the cards are not draggable, the board stays live */
  canEdit: boolean;
}

/**
 * The seven-column board with drag and drop between stages (SPEC §2.13, §4). Each column loads
 * its own cards; the board only knows the filter, the counts and the card being dragged.
 */
export const PipelineBoard = memo(function PipelineBoard({ search, job, summary, canEdit }: PipelineBoardProps) {
  const [active, setActive] = useState<Application | null>(null);
  const place = useBoardPlace();
  const boardRef = useRef<HTMLDivElement>(null);
  const [board, setBoard] = useState<HTMLDivElement | null>(null);
  const hidden = useBoardFit(board);
  const boardCallbackRef = useCallback((element: HTMLDivElement | null) => {
    boardRef.current = element;
    setBoard(element);
  }, []);
  const changeStage = useChangeApplicationStage();
  const filledOffer = useFilledOffer();
  // a card dropped on Placed waits here for its agreed salary
  const [placing, setPlacing] = useState<PendingPlacement | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  const onDragStart = useCallback(
    ({ active: item }: DragStartEvent) => {
      const application = dragData(item.data.current)?.application ?? null;
      setActive(application);
      // colleagues on the board see whose avatar is on the card being moved
      if (application) setPlaceActivity(place, { cardId: application.id, dragging: true });
    },
    [place],
  );
  const onDragCancel = useCallback(() => {
    setActive(null);
    setPlaceActivity(place, {});
  }, [place]);

  const move = (application: Application, from: ApplicationStage, stage: ApplicationStage, salary?: number, announce = false) => {
    const name = applicantName(application);
    const id = application.id;
    const onError = (error: unknown) => {
      const conflict = parseStageConflict(error);
      toast(
        conflict
          ? { variant: 'destructive', ...stageConflictToast(conflict, { candidate: name, job: application.job.title }) }
          : { variant: 'destructive', title: 'Error', description: 'Failed to update application stage. Please try again.' },
      );
    };
    // Undo moves the card back with the same command; `fromStage` makes a move by someone else
    // meanwhile a 409 conflict, as for any drag
    const undo = () =>
      changeStage.mutate(
        { id, stage: from, fromStage: stage },
        { onSuccess: () => toast({ title: 'Move undone', description: `${name} is back in ${stageLabel(from)}.` }), onError },
      );
    changeStage.mutate(
      { id, stage, fromStage: from, ...(salary === undefined ? {} : { salary }) },
      {
        // after a drag the drag-and-drop live region has already said "moved from … to …"
        onSuccess: () => {
          toastWithUndo({ title: 'Application updated', description: `${name} moved to ${stageLabel(stage)}.`, announce, undo });
          // a placement may fill the job's last opening: offer to mark the job Filled
          if (stage === 'placed') filledOffer.check(application.jobId);
        },
        onError,
      },
    );
  };

  const onDragEnd = ({ active: item, over, activatorEvent }: DragEndEvent) => {
    setActive(null);
    setPlaceActivity(place, {});
    const data = dragData(item.data.current);
    if (!data) return;
    const stage = resolveStageDrop(data.stage, over ? { id: over.id, data: over.data.current } : null);
    if (!stage || !isApplicationStage(data.stage)) return;
    // a placement records the agreed salary: asked first, the card stays until it is confirmed
    if (stage === 'placed') return setPlacing({ application: data.application, from: data.stage });
    // The card is re-rendered in its new column, so the element that had focus is gone; a
    // keyboard user keeps working from the moved card (WCAG 2.4.3).
    if (activatorEvent instanceof KeyboardEvent && boardRef.current) focusMovedCard(boardRef.current, data.application.id, stage);
    move(data.application, data.stage, stage);
  };

  // a move from a card's menu: as a drop on that column (Placed asks for the salary first)
  const moveRef = useRef(move);
  moveRef.current = move;
  const moveFromMenu = useCallback((application: Application, stage: ApplicationStage) => {
    if (stage === application.stage) return;
    if (stage === 'placed') return setPlacing({ application, from: application.stage });
    moveRef.current(application, application.stage, stage, undefined, true);
  }, []);

  // the same element while only the dragged card changes: DndContext re-renders on every move
  const columns = useMemo(
    () => (
      <Box
        ref={boardCallbackRef}
        role="group"
        aria-label="Pipeline board"
        data-testid="pipeline-board"
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: 'minmax(260px, 82vw)', sm: 'minmax(232px, 1fr)' },
          gap: 1.5,
          overflowX: 'auto',
          pb: 1.5,
          scrollSnapType: { xs: 'x mandatory', sm: 'none' },
          alignItems: 'start',
          // a fade on the side where columns are hidden (the hint above names them)
          maskImage: hiddenMask(hidden),
        }}
      >
        {APPLICATION_STAGES.map((stage) => (
          <PipelineColumn key={stage} stage={stage} search={search} job={job} count={summary?.stages[stage]} canEdit={canEdit} />
        ))}
      </Box>
    ),
    [search, job, summary, canEdit, boardCallbackRef, hidden],
  );

  return (
    <DndContext
      sensors={canEdit ? sensors : NO_SENSORS}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={ACCESSIBILITY}
    >
      <BoardScrollHint board={board} hidden={hidden} />
      <CardMoveContext.Provider value={canEdit ? moveFromMenu : null}>{columns}</CardMoveContext.Provider>
      <DragOverlay dropAnimation={null}>{active ? <ApplicationCardView application={active} overlay /> : null}</DragOverlay>
      <ConfirmPlacementDialog
        pending={placing}
        onClose={() => setPlacing(null)}
        onConfirm={(salary) => {
          if (placing) move(placing.application, placing.from, 'placed', salary);
          setPlacing(null);
        }}
      />
      {filledOffer.offer && <MarkJobFilledDialog job={filledOffer.offer} onClose={filledOffer.dismiss} />}
    </DndContext>
  );
});
