import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  INTERNAL_READ_MODELS,
  socketEvents,
  unknownReadModel,
  type ChangedMessage,
  type PipelineSummary,
  type ReadModelName,
  type Room,
} from '@ats/contracts';
import { createRevisionGate, moveCardInColumns, moveInSummary, patchRecord, type CachedColumn } from './live-patch';
import { queryKeys } from './query-keys';
import { notePosition } from './read-position';
import { asChangedMessage } from './wire-checks';
import { connectSocket, disconnectSocket, getSocketStatus, joinRoom, subscribeSocketStatus, withSocket, type SocketStatus } from './socket';

/** Read models no screen shows: a notice about them refreshes nothing (the projector never sends one). */
export const READ_MODELS_WITHOUT_SCREEN: ReadonlySet<ReadModelName> = new Set(INTERNAL_READ_MODELS);

/**
 * THE place that maps a `changed` notice from the query-api to TanStack Query keys: one case per
 * read model (`READ_MODELS`), so a new read model does not compile until it is mapped here.
 */
export function keysForChange(message: Pick<ChangedMessage, 'readModel' | 'ids'>): QueryKey[] {
  const ids = message.ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  const readModel = message.readModel;
  switch (readModel) {
    case 'applications':
      // The board, the candidates' attached jobs, job candidate counts and placements.
      return [queryKeys.applications.all(), queryKeys.candidates.jobsAll(), queryKeys.jobs.all(), queryKeys.dashboard.metrics()];
    case 'candidates':
      return [
        queryKeys.candidates.lists(),
        ...(ids.length > 0 ? ids.map((id) => queryKeys.candidates.detail(id)) : [queryKeys.candidates.details()]),
        queryKeys.dashboard.metrics(),
        queryKeys.candidates.aiAnalytics(),
        // possible duplicates and merges follow the candidates (their keys are projected in the same batch)
        queryKeys.privacy.duplicatesAll(),
      ];
    case 'activities':
      return [queryKeys.dashboard.recentActivitiesAll(), queryKeys.jobs.activitiesAll()];
    case 'jobs':
      // Job lists and details, titles on the board and under attached jobs, open positions.
      return [queryKeys.jobs.all(), queryKeys.candidates.jobsAll(), queryKeys.applications.all(), queryKeys.dashboard.metrics()];
    case 'linkedin_job_posts':
      // A job's posts are listed on its detail (GET /api/jobs/:id); the notice's ids are the
      // posts', not the job's, so every open job detail reads again.
      return [queryKeys.jobs.details()];
    case 'clients':
      // Clients with their contacts, and the company names on job cards.
      return [queryKeys.clients.all(), queryKeys.jobs.all()];
    case 'notes':
      return [queryKeys.candidates.notesAll()];
    case 'communications':
      return [queryKeys.candidates.communicationsAll(), queryKeys.communications.all()];
    case 'placements':
      return [queryKeys.dashboard.metrics()];
    case 'interviews':
      // today's list, every range list (a candidate's, a job's, the calendar), open details, live conflict warnings
      return [
        queryKeys.dashboard.todaysInterviews(),
        queryKeys.interviews.lists(),
        queryKeys.interviews.details(),
        queryKeys.interviews.conflictsAll(),
        queryKeys.calendar.rangesAll(),
        queryKeys.calendar.invitationsAll(),
      ];
    case 'tasks':
      // and the bell's due-task reminders, the Tasks screen and the records' Tasks sections
      return [queryKeys.dashboard.priorityTasks(), queryKeys.notifications.all(), queryKeys.tasks.all()];
    case 'ai_stats':
      return [queryKeys.dashboard.aiStats()];
    case 'users':
      return [queryKeys.auth.user(), queryKeys.users.all()];
    case 'notifications':
    case 'notification_inboxes':
      // the bell's count and list, the notification settings (sent to this user's room only)
      return [queryKeys.notifications.all()];
    case 'interview_invitations':
      return [queryKeys.calendar.invitationsAll()];
    case 'candidate_privacy':
    case 'privacy_settings':
      // the Privacy card, the retention review and its policy
      return [queryKeys.privacy.all()];
    case 'deleted_records':
    case 'activity_lookup':
    case 'notification_subjects':
    case 'calendar_feeds':
    case 'candidate_match_keys':
      return [];
    case 'record_events':
      // the open History views (the notice reaches only the rooms of the records it concerns)
      return [queryKeys.history.all()];
    case 'analytics_activity':
      return [queryKeys.analyticsMore.activityAll()];
    case 'analytics_job_health':
      return [queryKeys.analyticsMore.jobHealthAll()];
    case 'analytics_applications':
    case 'analytics_candidates':
      // every open chart and the dashboard's change labels, and source effectiveness
      return [queryKeys.analytics.all(), queryKeys.analyticsMore.sourcesAll()];
    case 'analytics_jobs':
      // every open chart and the dashboard's change labels
      return [queryKeys.analytics.all()];
    case 'audit_subjects':
      return [];
    default:
      return unknownReadModel(readModel);
  }
}

/**
 * Keys whose area has a mutation in flight are held back until it settles: a notice about
 * someone else's change must not refetch the board underneath an optimistic move (the card
 * would flicker back). The mutation invalidates its own area when it settles, with its position.
 */
const deferred = new Map<string, QueryKey>();

function invalidate(queryClient: QueryClient, key: QueryKey): void {
  if (queryClient.isMutating({ mutationKey: [key[0]] }) > 0) {
    deferred.set(JSON.stringify(key), key);
    return;
  }
  void queryClient.invalidateQueries({ queryKey: key });
}

function flushDeferred(queryClient: QueryClient): void {
  for (const [hash, key] of deferred) {
    if (queryClient.isMutating({ mutationKey: [key[0]] }) > 0) continue;
    deferred.delete(hash);
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Releases held-back keys as soon as their area has no mutation in flight any more. */
export function releaseDeferredOnSettle(queryClient: QueryClient): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (deferred.size > 0 && event.type === 'updated') flushDeferred(queryClient);
  });
}

const revisions = createRevisionGate();

/** The detail caches a record patch is drawn into (the rest of the screens read again). */
function detailKey(readModel: ReadModelName, id: number): QueryKey | null {
  if (readModel === 'candidates') return queryKeys.candidates.detail(id);
  if (readModel === 'jobs') return queryKeys.jobs.detail(id);
  if (readModel === 'clients') return queryKeys.clients.detail(id);
  return null;
}

/**
 * Draws a notice's values into the cache at once: a moved card between columns, a record's
 * fields. Returns the board keys the refetch must reconcile when every card of an applications
 * notice was drawn (its old and new columns and the counts), null to reconcile the whole board.
 */
export function applyPatches(queryClient: QueryClient, message: ChangedMessage): QueryKey[] | null {
  const boardKeys = new Map<string, QueryKey>();
  const drawn = new Set<string>();
  // a card found in one board filter may sit unloaded in another: narrow only with one filter cached
  const filters = new Set(queryClient.getQueriesData({ queryKey: queryKeys.applications.lists() }).map(([key]) => JSON.stringify(key[2])));
  for (const patch of message.patches ?? []) {
    if (!revisions.accept(message.readModel, patch)) continue;
    if (message.readModel === 'applications') {
      const entries = queryClient.getQueriesData<CachedColumn>({ queryKey: queryKeys.applications.lists() });
      const { columns, moves } = moveCardInColumns(entries, patch);
      for (const [key, column] of columns) {
        queryClient.setQueryData(key, column);
        boardKeys.set(JSON.stringify(key), key);
      }
      if (columns.length > 0) drawn.add(String(patch.id));
      for (const { filter, from, to } of moves)
        queryClient.setQueryData<PipelineSummary>([...queryKeys.applications.summaries(), filter], (summary) =>
          summary ? moveInSummary(summary, from, to) : summary,
        );
      continue;
    }
    const key = detailKey(message.readModel, Number(patch.id));
    if (key) queryClient.setQueryData<object>(key, (record) => patchRecord(record, patch.fields));
  }
  if (message.readModel !== 'applications' || filters.size !== 1 || message.ids.length === 0) return null;
  if (!message.ids.every((id) => drawn.has(String(id)))) return null;
  return [...boardKeys.values(), queryKeys.applications.summaries()];
}

const BOARD = JSON.stringify(queryKeys.applications.all());

/**
 * Applies one notice: remembers its position (so refetches wait for it), draws its values, and
 * invalidates (a background reconcile: only the columns a drawn move touched, not the board).
 */
export function applyChange(queryClient: QueryClient, message: ChangedMessage): void {
  notePosition(message.position);
  const board = applyPatches(queryClient, message);
  for (const key of keysForChange(message)) {
    if (board && JSON.stringify(key) === BOARD) for (const narrow of board) invalidate(queryClient, narrow);
    else invalidate(queryClient, key);
  }
}

/**
 * Connects the tab's socket and wires notices, reconnect resync and mutation deferral. Socket.IO's
 * client loads in its own chunk (`./socket`): the notices are wired as soon as it has come.
 */
export function startRealtime(queryClient: QueryClient): () => void {
  const unsubscribeMutations = releaseDeferredOnSettle(queryClient);
  const unwire = withSocket((socket) => {
    let connectedBefore = socket.connected;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = 2_000;

    const onChanged = (payload: unknown) => {
      const message = asChangedMessage(payload);
      if (message) applyChange(queryClient, message);
    };
    const onConnect = () => {
      retryDelay = 2_000;
      // Anything may have happened while we were away: resync every query.
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    };
    const onConnectError = () => {
      // A refused handshake (e.g. the session ended) is not retried by socket.io itself:
      // re-check the session, and try again later while still signed in.
      if (socket.active) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30_000);
    };
    const onDisconnect = (reason: string) => {
      // The server closed the socket (the user was deactivated, the session ended): socket.io
      // does not reconnect by itself, and the tab would say 'Reconnecting…' over data it no
      // longer may read. Same as a refused handshake: re-check the session, retry while signed in.
      if (reason === 'io server disconnect') onConnectError();
    };
    socket.on(socketEvents.changed, onChanged);
    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('disconnect', onDisconnect);
    return () => {
      clearTimeout(retry);
      socket.off(socketEvents.changed, onChanged);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('disconnect', onDisconnect);
    };
  });
  connectSocket();
  return () => {
    unwire();
    unsubscribeMutations();
    disconnectSocket();
  };
}

/** Mount once in the signed-in shell. */
export function useRealtimeConnection(): void {
  const queryClient = useQueryClient();
  useEffect(() => startRealtime(queryClient), [queryClient]);
}

/** Keeps the tab in a room while the calling screen is mounted. */
export function useRealtimeRoom(room: Room | null | undefined): void {
  useEffect(() => (room ? joinRoom(room) : undefined), [room]);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribeSocketStatus, getSocketStatus, getSocketStatus);
}
