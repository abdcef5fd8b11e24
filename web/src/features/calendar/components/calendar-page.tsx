import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Skeleton from '@mui/joy/Skeleton';
import { format } from 'date-fns';
import { CalendarDays, Plus, Rss } from 'lucide-react';
import type { CalendarItem, InterviewDetail } from '@ats/contracts';
import { EmptyState } from '@/components/empty-state';
import { LazyInterviewActionDialogs, LazyScheduleInterviewDialog } from '@/components/lazy-dialogs';
import { useInterview } from '@/components/interviews/api';
import { PageHeader } from '@/components/page-header';
import { toast, toastWithUndo } from '@/components/toast';
import { interviewInvitationQueryOptions } from '@/hooks/use-interview-invitation';
import { useNow } from '@/hooks/use-now';
import { serverMessage } from '@/lib/api-client';
import { useRealtimeRoom } from '@/lib/realtime';
import { useCalendarInterviews } from '../api/get-calendar-interviews';
import { useRescheduleFromCalendar } from '../api/reschedule-interview';
import { formatAnchor, parseAnchor, rangeTitle, stepAnchor, timeZoneLabel, visibleRange } from '../utils/calendar-range';
import { candidateName } from '../utils/interview-display';
import { resolveSlotDrop } from '../utils/resolve-slot-drop';
import { AgendaView } from './agenda-view';
import { CalendarToolbar, type CalendarSearch } from './calendar-toolbar';
import { EventDetailsDialog } from './event-details-dialog';
import { MonthView } from './month-view';
import { MoveDialog } from './move-dialog';
import { SubscribeDialog } from './subscribe-dialog';
import { MINUTE_PX, WeekView } from './week-view';

const NO_SENSORS: never[] = [];

export interface CalendarPageProps {
  search: CalendarSearch;
  onSearchChange: (patch: Partial<CalendarSearch>) => void;
  /** the signed-in user ("Mine") */
  meId: string;
  /** false for a read-only user: no dragging, no Move…, no scheduling */
  canEdit: boolean;
}

type InterviewAction = 'reschedule' | 'cancel' | 'complete' | 'edit';

/** /calendar: interviews by week, month or agenda; drag (or Move…) to reschedule; live through the `calendar` room. */
export function CalendarPage({ search, onSearchChange, meId, canEdit }: CalendarPageProps) {
  useRealtimeRoom('calendar');
  const now = useNow(60_000);
  const view = search.view ?? 'week';
  const anchor = useMemo(() => parseAnchor(search.date, new Date()), [search.date]);
  const range = useMemo(() => visibleRange(view, anchor), [view, anchor]);
  const timeZone = useMemo(() => timeZoneLabel(now), [now]);
  const person = search.who === 'mine' ? meId : search.who;
  const query = useCalendarInterviews({
    from: range.start.toISOString(),
    to: range.end.toISOString(),
    person,
    job: search.job,
    client: search.client,
  });
  const interviews = useMemo(() => query.data ?? [], [query.data]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [moving, setMoving] = useState<CalendarItem | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const opened = openId === null ? null : (interviews.find((i) => i.id === openId) ?? null);
  const detail = useInterview(openId);
  const reschedule = useRescheduleFromCalendar();
  const queryClient = useQueryClient();
  const [scheduling, setScheduling] = useState(false);
  const [action, setAction] = useState<{ kind: InterviewAction; interview: InterviewDetail } | null>(null);
  const onSchedule = canEdit ? () => setScheduling(true) : undefined;

  /** after a move of an interview the candidate was invited to, say that their calendar has the old time */
  const invitationNote = useCallback(
    async (interviewId: number) => {
      try {
        const status = await queryClient.fetchQuery({ ...interviewInvitationQueryOptions(interviewId), staleTime: 0 });
        return status.last ? ' The candidate has the old time: open the interview to send the update.' : '';
      } catch {
        return '';
      }
    },
    [queryClient],
  );

  const move = useCallback(
    (interview: CalendarItem, to: Date) => {
      const from = new Date(interview.scheduledAt);
      reschedule.mutate(
        { interview, scheduledAt: to, baseRevision: interview.revision },
        {
          onSuccess: async () =>
            toastWithUndo({
              title: 'Interview moved',
              description: `${candidateName(interview)}: ${format(to, 'EEE, MMM d, p')}.${await invitationNote(interview.id)}`,
              undo: () =>
                reschedule.mutate(
                  { interview: { ...interview, scheduledAt: to.toISOString() }, scheduledAt: from },
                  {
                    onSuccess: () => toast({ title: 'Move undone', description: `Back to ${format(from, 'EEE, MMM d, p')}.` }),
                    onError: (error) =>
                      toast({ variant: 'destructive', title: 'Undo failed', description: serverMessage(error) ?? 'Please try again.' }),
                  },
                ),
            }),
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Interview not moved', description: serverMessage(error) ?? 'Please try again.' }),
        },
      );
    },
    [reschedule, invitationNote],
  );

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = (event: DragEndEvent) => {
    const interview = event.active.data.current?.interview as CalendarItem | undefined;
    const day = event.over?.data.current?.day as Date | undefined;
    if (!interview || !day) return;
    const to = resolveSlotDrop({
      start: new Date(interview.scheduledAt),
      targetDay: day,
      deltaMinutes: view === 'week' ? event.delta.y / MINUTE_PX : 0,
    });
    if (to) move(interview, to);
  };

  const open = useCallback((i: CalendarItem) => setOpenId(i.id), []);
  const showDay = useCallback((day: Date) => onSearchChange({ view: 'week', date: formatAnchor(day) }), [onSearchChange]);

  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton variant="rectangular" height={480} data-testid="calendar-loading" sx={{ borderRadius: 'md' }} />;
  } else if (query.isError) {
    body = (
      <Alert color="danger" data-testid="calendar-error" endDecorator={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {serverMessage(query.error) ?? 'The calendar could not be loaded.'}
      </Alert>
    );
  } else if (view === 'agenda' && interviews.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarDays size={28} />}
        title="No interviews in these days"
        description="Interviews you schedule appear here, and on your calendar app through Subscribe."
        action={onSchedule && <Button onClick={onSchedule}>Schedule interview</Button>}
      />
    );
  } else if (view === 'agenda') {
    body = <AgendaView interviews={interviews} now={now} onOpen={open} />;
  } else if (view === 'month') {
    body = (
      <MonthView days={range.days} anchor={anchor} interviews={interviews} now={now} onOpen={open} onShowDay={showDay} canEdit={canEdit} />
    );
  } else {
    body = <WeekView days={range.days} interviews={interviews} now={now} onOpen={open} canEdit={canEdit} />;
  }

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle="Interviews across your searches, live for the whole team."
        actions={
          <>
            <Button variant="outlined" color="neutral" startDecorator={<Rss size={16} aria-hidden />} onClick={() => setSubscribing(true)}>
              Subscribe
            </Button>
            {canEdit && onSchedule && (
              <Button startDecorator={<Plus size={16} aria-hidden />} onClick={onSchedule}>
                Schedule interview
              </Button>
            )}
          </>
        }
      />
      <CalendarToolbar
        search={search}
        title={rangeTitle(view, anchor)}
        timeZone={timeZone}
        onChange={onSearchChange}
        onStep={(direction) => onSearchChange({ date: formatAnchor(stepAnchor(view, anchor, direction)) })}
        onToday={() => onSearchChange({ date: undefined })}
      />
      {view !== 'agenda' && !query.isPending && !query.isError && interviews.length === 0 && (
        <Alert variant="soft" color="neutral" sx={{ mb: 1.5 }} data-testid="calendar-empty">
          No interviews {view === 'week' ? 'this week' : 'this month'}
          {search.who || search.job || search.client ? ' for these filters' : ''}.
        </Alert>
      )}
      <DndContext sensors={canEdit ? sensors : NO_SENSORS} onDragEnd={onDragEnd}>
        <Box aria-busy={query.isFetching} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {body}
        </Box>
      </DndContext>
      <EventDetailsDialog
        item={opened}
        interview={detail.data?.id === openId ? detail.data : undefined}
        loadError={detail.isError}
        canEdit={canEdit}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        onMove={(i) => setMoving(i)}
        actions={
          detail.data &&
          detail.data.id === openId &&
          canEdit &&
          detail.data.status === 'scheduled' && (
            <>
              <Button size="sm" variant="solid" onClick={() => setAction({ kind: 'reschedule', interview: detail.data })}>
                Reschedule…
              </Button>
              <Button size="sm" variant="outlined" color="success" onClick={() => setAction({ kind: 'complete', interview: detail.data })}>
                Complete…
              </Button>
              <Button size="sm" variant="outlined" color="neutral" onClick={() => setAction({ kind: 'edit', interview: detail.data })}>
                Edit…
              </Button>
              <Button size="sm" variant="outlined" color="danger" onClick={() => setAction({ kind: 'cancel', interview: detail.data })}>
                Cancel interview…
              </Button>
            </>
          )
        }
      />
      {action && <LazyInterviewActionDialogs interview={action.interview} action={action.kind} onClose={() => setAction(null)} />}
      <LazyScheduleInterviewDialog open={scheduling} onClose={() => setScheduling(false)} />
      <MoveDialog
        interview={moving}
        timeZone={timeZone}
        onClose={() => setMoving(null)}
        onMove={(i, to) => {
          setMoving(null);
          move(i, to);
        }}
      />
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
