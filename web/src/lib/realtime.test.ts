import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { INTERNAL_READ_MODELS, READ_MODELS, type ReadModelName } from '@ats/contracts';
import { applyChange, keysForChange, READ_MODELS_WITHOUT_SCREEN, releaseDeferredOnSettle } from './realtime';
import { historyKey } from './history';
import { mutationKeys, queryKeys } from './query-keys';
import { readPosition, resetReadPosition } from './read-position';

const change = (readModel: ReadModelName, ids: (string | number)[] = [], position = 10) => ({
  position,
  readModel,
  ids,
  eventType: 'Something',
  actor: null,
});

/** Every key the app's queries are built from: each factory of `queryKeys`, called with placeholder arguments. */
function declaredQueryKeys(): QueryKey[] {
  const keys: QueryKey[] = [];
  for (const area of Object.values(queryKeys)) {
    for (const factory of Object.values(area) as Array<(...args: unknown[]) => QueryKey>) keys.push(factory({}, {}));
  }
  return keys;
}
const declared = declaredQueryKeys();
/** A string part must match exactly; anything else (an id, a filter) stands for a value of that slot. */
const isPrefixOfDeclaredKey = (key: QueryKey) =>
  declared.some((full) => key.length <= full.length && key.every((part, i) => typeof part !== 'string' || part === full[i]));

describe('keysForChange', () => {
  it('maps every read model to some query key, unless it is declared to have no screen', () => {
    for (const readModel of READ_MODELS) {
      const keys = [...keysForChange(change(readModel)), ...keysForChange(change(readModel, [3]))];
      if (READ_MODELS_WITHOUT_SCREEN.has(readModel)) expect(keys, readModel).toEqual([]);
      else expect(keys.length, readModel).toBeGreaterThan(0);
    }
  });

  it('produces only keys that prefix a key the queries are built from', () => {
    for (const readModel of READ_MODELS) {
      for (const key of [...keysForChange(change(readModel)), ...keysForChange(change(readModel, [3, '4', 'e1']))]) {
        expect(isPrefixOfDeclaredKey(key), `${readModel} → ${JSON.stringify(key)}`).toBe(true);
      }
    }
    // the check itself tells a typo from a real key
    expect(isPrefixOfDeclaredKey(['dashboard', 'metric'])).toBe(false);
  });

  it("refreshes the Tasks screen, the records' Tasks sections and Priority Tasks on a task change", () => {
    expect(keysForChange(change('tasks', [3]))).toEqual(
      expect.arrayContaining([queryKeys.tasks.all(), queryKeys.dashboard.priorityTasks()]),
    );
  });

  it('declares only the projector-internal read models as having no screen', () => {
    expect([...READ_MODELS_WITHOUT_SCREEN].sort()).toEqual([...INTERNAL_READ_MODELS].sort());
  });

  it('ignores a read model this build does not know', () => {
    expect(keysForChange({ readModel: 'checkpoints' as ReadModelName, ids: [] })).toEqual([]);
  });
});

describe('History', () => {
  it("refreshes an open record's History on any event about it (a note, an e-mail), not the record itself", () => {
    const client = new QueryClient();
    client.setQueryData(historyKey('candidate', 4), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.candidates.detail(4), { id: 4 });
    applyChange(client, change('record_events', [120]));
    expect(client.getQueryState(historyKey('candidate', 4))?.isInvalidated).toBe(true);
    // a read of the record is itself logged: reading it again on every access would never settle
    expect(client.getQueryState(queryKeys.candidates.detail(4))?.isInvalidated).toBe(false);
  });
});

describe('professional-network posts', () => {
  it("refreshes an open job's detail, where its posts are listed, when another user posts", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.jobs.detail(7), { id: 7, linkedinPosts: [] });
    // the notice carries the post's id, not the job's
    applyChange(client, change('linkedin_job_posts', [12]));
    expect(client.getQueryState(queryKeys.jobs.detail(7))?.isInvalidated).toBe(true);
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

describe('applyChange draws the notice values at once', () => {
  it('patches an open candidate detail before any refetch, and ignores an older revision arriving late', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.candidates.detail(31), { id: 31, firstName: 'Ada', lastName: 'Byron' });
    const message = (revision: number, lastName: string) => ({
      ...change('candidates', [31], revision),
      patches: [{ id: 31, revision, fields: { lastName } }],
    });
    applyChange(queryClient, message(50, 'Lovelace'));
    expect(queryClient.getQueryData(queryKeys.candidates.detail(31))).toEqual({ id: 31, firstName: 'Ada', lastName: 'Lovelace' });
    applyChange(queryClient, message(49, 'Older'));
    expect(queryClient.getQueryData(queryKeys.candidates.detail(31))).toMatchObject({ lastName: 'Lovelace' });
  });
});

describe('applyChange reconciles only what a drawn move touched', () => {
  const card = (id: number, stage: string) => ({
    id,
    stage,
    appliedAt: `2026-03-0${id}T00:00:00.000Z`,
    candidateId: id,
    jobId: 1,
    stageChangedAt: null,
    stageChangedBy: null,
    candidate: { firstName: 'A', lastName: 'B', email: 'a@b.example', location: null, skills: [] },
    job: { title: 'Role', location: null, client: null },
  });
  const column = (...items: ReturnType<typeof card>[]) => ({ pages: [{ items, hasMore: false }], pageParams: [0] });
  const move = (id: number, stage: string, revision: number) => ({
    ...change('applications', [id], revision),
    eventType: 'ApplicationStageChanged',
    patches: [{ id, revision, fields: { stage, candidateId: id, jobId: 1 } }],
  });

  it('moves the card at once and invalidates its two columns and the counts, not the other columns', () => {
    const queryClient = new QueryClient();
    const filter = {};
    queryClient.setQueryData(queryKeys.applications.list(filter, 'applied'), column(card(2, 'applied'), card(1, 'applied')));
    queryClient.setQueryData(queryKeys.applications.list(filter, 'interview'), column());
    queryClient.setQueryData(queryKeys.applications.list(filter, 'offer'), column(card(3, 'offer')));
    applyChange(queryClient, move(2, 'interview', 70));
    const ids = (stage: string) =>
      (queryClient.getQueryData(queryKeys.applications.list(filter, stage)) as ReturnType<typeof column>).pages[0]!.items.map((i) => i.id);
    expect(ids('applied')).toEqual([1]);
    expect(ids('interview')).toEqual([2]);
    const invalidated = (stage: string) => queryClient.getQueryState(queryKeys.applications.list(filter, stage))?.isInvalidated;
    expect([invalidated('applied'), invalidated('interview'), invalidated('offer')]).toEqual([true, true, false]);
  });

  it('reconciles the whole board when the card was not drawn (not loaded here)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.applications.list({}, 'offer'), column(card(3, 'offer')));
    applyChange(queryClient, move(9, 'interview', 71));
    expect(queryClient.getQueryState(queryKeys.applications.list({}, 'offer'))?.isInvalidated).toBe(true);
  });
});

describe('attach and detach', () => {
  it("refreshes the board, a job page's candidates, a candidate's attached jobs and a job page's activity", () => {
    const client = new QueryClient();
    const keys = [queryKeys.applications.byJob(7), queryKeys.candidates.jobs(3), queryKeys.jobs.detail(7), queryKeys.jobs.activities(7)];
    for (const key of keys) client.setQueryData(key, []);
    applyChange(client, change('applications', [12], 40));
    applyChange(client, change('activities', ['e1'], 41));
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  });
});
