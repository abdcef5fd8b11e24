import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { applyChange, keysForChange, releaseDeferredOnSettle } from './realtime';
import { mutationKeys, queryKeys } from './query-keys';
import { readPosition, resetReadPosition } from './read-position';

const change = (readModel: string, ids: (string | number)[] = [], position = 10) => ({
  position,
  readModel,
  ids,
  eventType: 'Something',
  actor: null,
});

describe('keysForChange', () => {
  it('maps applications to the board, attached jobs, job counts and metrics', () => {
    expect(keysForChange(change('applications', [5]))).toEqual([
      queryKeys.applications.all(),
      queryKeys.candidates.jobsAll(),
      queryKeys.jobs.all(),
      queryKeys.dashboard.metrics(),
    ]);
  });
  it('maps candidates to the lists and each changed candidate’s detail', () => {
    expect(keysForChange(change('candidates', [3, '4']))).toEqual([
      queryKeys.candidates.lists(),
      queryKeys.candidates.detail(3),
      queryKeys.candidates.detail(4),
      queryKeys.dashboard.metrics(),
      queryKeys.candidates.aiAnalytics(),
    ]);
    expect(keysForChange(change('candidates'))).toEqual([
      queryKeys.candidates.lists(),
      queryKeys.candidates.details(),
      queryKeys.dashboard.metrics(),
      queryKeys.candidates.aiAnalytics(),
    ]);
  });
  it('maps activities to the dashboard feed', () => {
    expect(keysForChange(change('activities'))).toEqual([queryKeys.dashboard.recentActivitiesAll()]);
  });
  it('maps jobs, clients and notes', () => {
    expect(keysForChange(change('jobs'))).toEqual([
      queryKeys.jobs.all(),
      queryKeys.candidates.jobsAll(),
      queryKeys.applications.all(),
      queryKeys.dashboard.metrics(),
    ]);
    expect(keysForChange(change('clients'))).toEqual([queryKeys.clients.all(), queryKeys.jobs.all()]);
    expect(keysForChange(change('notes'))).toEqual([queryKeys.candidates.notesAll()]);
  });
  it('maps the dashboard widgets, communications and users', () => {
    expect(keysForChange(change('tasks'))).toEqual([queryKeys.dashboard.priorityTasks()]);
    expect(keysForChange(change('interviews'))).toEqual([queryKeys.dashboard.todaysInterviews()]);
    expect(keysForChange(change('placements'))).toEqual([queryKeys.dashboard.metrics()]);
    expect(keysForChange(change('ai_stats'))).toEqual([queryKeys.dashboard.aiStats()]);
    expect(keysForChange(change('communications'))).toEqual([queryKeys.candidates.communicationsAll()]);
    expect(keysForChange(change('users'))).toEqual([queryKeys.auth.user(), queryKeys.users.all()]);
  });
  it('ignores read models no screen shows', () => {
    expect(keysForChange(change('checkpoints'))).toEqual([]);
  });
});

describe('applyChange', () => {
  afterEach(() => resetReadPosition());

  it('remembers the highest position and invalidates the mapped keys', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.candidates.list({}), []);
    client.setQueryData(queryKeys.candidates.detail(9), null);
    client.setQueryData(queryKeys.candidates.detail(3), null);
    applyChange(client, change('candidates', [3], 42));
    applyChange(client, change('candidates', [3], 7));
    expect(readPosition()).toBe(42);
    expect(client.getQueryState(queryKeys.candidates.list({}))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.candidates.detail(3))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.candidates.detail(9))?.isInvalidated).toBe(false);
  });

  it('refreshes every column and the summary of every board filter on an applications notice', () => {
    const client = new QueryClient();
    const columns = [queryKeys.applications.list({}, 'applied'), queryKeys.applications.list({ search: 'ada', job: 3 }, 'offer')];
    const summaries = [queryKeys.applications.summary({}), queryKeys.applications.summary({ search: 'ada', job: 3 })];
    for (const key of [...columns, ...summaries]) client.setQueryData(key, { pages: [], pageParams: [] });
    applyChange(client, change('applications', [1]));
    for (const key of [...columns, ...summaries]) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('refreshes the candidate pages, the count and the pickers on a candidates notice', () => {
    const client = new QueryClient();
    const keys = [
      queryKeys.candidates.list({ search: 'ada' }),
      queryKeys.candidates.count({ status: 'placed' }),
      queryKeys.candidates.choices('ad'),
    ];
    for (const key of keys) client.setQueryData(key, []);
    applyChange(client, change('candidates', [1]));
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('reads the AI Analytics totals again on a candidates notice', async () => {
    const client = new QueryClient();
    const read = vi.fn(async () => ({ total: 2 }));
    client.setQueryData(queryKeys.candidates.aiAnalytics(), { total: 1 });
    const stop = new QueryObserver(client, { queryKey: queryKeys.candidates.aiAnalytics(), queryFn: read, staleTime: Infinity }).subscribe(
      () => {},
    );
    applyChange(client, change('candidates', [1]));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(keysForChange(change('candidates'))).toContainEqual(queryKeys.candidates.aiAnalytics());
    stop();
  });

  it('holds a notice back while a mutation of that area is in flight, then applies it', async () => {
    const client = new QueryClient();
    const stop = releaseDeferredOnSettle(client);
    client.setQueryData(queryKeys.applications.list({}, 'applied'), []);
    client.setQueryData(queryKeys.candidates.list({}), []);
    let finish!: () => void;
    const pending = client
      .getMutationCache()
      .build(client, {
        mutationKey: mutationKeys.changeApplicationStage(),
        mutationFn: () => new Promise<void>((resolve) => (finish = resolve)),
      })
      .execute(undefined);
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    applyChange(client, change('applications', [1]));
    applyChange(client, change('candidates', [1]));
    expect(client.getQueryState(queryKeys.applications.list({}, 'applied'))?.isInvalidated).toBe(false);
    // other areas are not held back
    expect(client.getQueryState(queryKeys.candidates.list({}))?.isInvalidated).toBe(true);
    finish();
    await pending;
    expect(client.isMutating()).toBe(0);
    expect(client.getQueryState(queryKeys.applications.list({}, 'applied'))?.isInvalidated).toBe(true);
    stop();
  });
});
