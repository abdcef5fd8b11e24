import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteClient, createSqlEventStore, type EventStore, type SqlClient } from '@ats/storage';
import type { CommandScope } from '../src/command-handler';
import { applications } from '../src/domain/aggregates';
import { changeApplicationStage } from '../src/domain/applications/handlers';
import type { Deps } from '../src/domain/context';

// Two event-store handles on one log stand for two command-api processes: each has its own
// cache of application states, and each one's appends make the other's cache stale.
describe('aggregate states cached by stream revision', () => {
  let sql: SqlClient | null = null;
  afterEach(async () => {
    await sql?.close();
    sql = null;
  });

  async function twoProcesses() {
    sql = await createPgliteClient(undefined);
    const first = createSqlEventStore(sql);
    await first.migrate();
    const second = createSqlEventStore(sql);
    const scope = (eventStore: EventStore, who: string): CommandScope => ({
      eventStore,
      correlationId: `c-${who}`,
      metadata: { now: new Date().toISOString(), actor: { id: who, name: `User ${who}` } },
    });
    return { a: scope(first, 'a'), b: scope(second, 'b'), sql };
  }
  const move = (scope: CommandScope, stage: 'phone_screen' | 'interview' | 'final_interview' | 'offer', fromStage?: string) =>
    applications.execute(scope, 1, {
      type: 'ChangeApplicationStage',
      data: { applicationId: 1, stage, ...(fromStage ? { fromStage: fromStage as 'phone_screen' } : {}) },
    });

  it('decides on the fresh state whenever another process wrote after the cached revision', async () => {
    const { a, b } = await twoProcesses();
    await applications.execute(a, 1, {
      type: 'CreateApplication',
      data: { applicationId: 1, candidateId: 7, jobId: 9, candidateExists: true, jobExists: true },
    });
    await move(a, 'phone_screen');
    // the other process moves the card: a's cached state (phone_screen) is stale now
    await move(b, 'interview');
    expect(await applications.state(a.eventStore, 1)).toMatchObject({ stage: 'interview' });

    // a stale fromStage is still the 409 naming who moved the card
    await move(b, 'final_interview');
    await expect(move(a, 'offer', 'interview')).rejects.toMatchObject({
      code: 'stage_conflict',
      extensions: { currentStage: 'final_interview', movedBy: { id: 'b' } },
    });

    // a move the cached state would take for a change is a no-op on the fresh one: nothing appended
    const offered = await move(b, 'offer');
    const again = await move(a, 'offer');
    expect(again).toMatchObject({ appended: 0, position: offered.position });
    // and a no-op on the cached state (offer) is a move on the fresh one (phone_screen)
    await move(b, 'phone_screen');
    expect(await move(a, 'offer')).toMatchObject({ appended: 1, state: { stage: 'offer' } });

    // a refusal on the cached state (detached) is judged again on the fresh one (restored)
    await applications.execute(a, 1, { type: 'DetachApplication', data: { applicationId: 1 } });
    await applications.execute(b, 1, { type: 'RestoreApplication', data: { applicationId: 1, candidateExists: true, jobExists: true } });
    expect(await move(a, 'interview')).toMatchObject({ appended: 1, state: { status: 'active', stage: 'interview' } });

    const types = (await a.eventStore.readStream('application-1')).map(
      (e) => `${e.type}:${String((e.data as { toStage?: string }).toStage ?? '')}`,
    );
    expect(types).toEqual([
      'ApplicationCreated:',
      'ApplicationStageChanged:phone_screen',
      'ApplicationStageChanged:interview',
      'ApplicationStageChanged:final_interview',
      'ApplicationStageChanged:offer',
      'ApplicationStageChanged:phone_screen',
      'ApplicationStageChanged:offer',
      'ApplicationDetached:',
      'ApplicationRestored:',
      'ApplicationStageChanged:interview',
    ]);
    // and what both processes now hold is what a fold of the stream gives
    const folded = await applications.load(b.eventStore, 1);
    expect(await applications.load(a.eventStore, 1)).toEqual(folded);
  });

  it('decides a command on the cached state without reading the stream', async () => {
    const { a } = await twoProcesses();
    await applications.execute(a, 1, {
      type: 'CreateApplication',
      data: { applicationId: 1, candidateId: 7, jobId: 9, candidateExists: true, jobExists: true },
    });
    let reads = 0;
    const readStream = a.eventStore.readStream.bind(a.eventStore);
    a.eventStore.readStream = (...args) => {
      reads++;
      return readStream(...args);
    };
    await move(a, 'phone_screen');
    await move(a, 'interview', 'phone_screen');
    expect(reads).toBe(0);
    expect((await a.eventStore.readStream('application-1')).length).toBe(3);
  });

  it('moves a card through the stage-change handler without reading the stream (the move starts from the state it was decided on)', async () => {
    const { a, b } = await twoProcesses();
    await applications.execute(a, 1, {
      type: 'CreateApplication',
      data: { applicationId: 1, candidateId: 7, jobId: 9, candidateExists: true, jobExists: true },
    });
    let reads = 0;
    const readStream = a.eventStore.readStream.bind(a.eventStore);
    a.eventStore.readStream = (...args) => {
      reads++;
      return readStream(...args);
    };
    const deps = { eventStore: a.eventStore } as unknown as Deps;
    expect(await changeApplicationStage(deps, a, 1, { stage: 'phone_screen' })).toMatchObject({ stage: 'phone_screen' });
    await changeApplicationStage(deps, a, 1, { stage: 'interview', fromStage: 'phone_screen' });
    expect(reads).toBe(0);
    // another process's move makes the cached state stale: decided again on a fresh read, and a
    // stale fromStage is still refused
    await move(b, 'final_interview');
    await expect(changeApplicationStage(deps, a, 1, { stage: 'offer', fromStage: 'interview' })).rejects.toMatchObject({
      code: 'stage_conflict',
    });
    expect(reads).toBeGreaterThan(0);
    expect(await changeApplicationStage(deps, a, 1, { stage: 'offer', fromStage: 'final_interview' })).toMatchObject({ stage: 'offer' });
    expect((await a.eventStore.readStream('application-1')).map((e) => (e.data as { toStage?: string }).toStage ?? null)).toEqual([
      null,
      'phone_screen',
      'interview',
      'final_interview',
      'offer',
    ]);
  });

  it('reads a stream in full when the cached last event is not there any more (a log restored under the process)', async () => {
    const { a, b, sql: client } = await twoProcesses();
    const create = (jobId: number) => ({
      type: 'CreateApplication' as const,
      data: { applicationId: 1, candidateId: 7, jobId, candidateExists: true, jobExists: true },
    });
    await applications.execute(a, 1, create(9));
    await move(a, 'phone_screen');
    expect(await applications.state(a.eventStore, 1)).toMatchObject({ jobId: 9, stage: 'phone_screen' });
    // another history of the same stream, as after a restore from an older backup
    await client.query(`DELETE FROM events WHERE stream = 'application-1'`);
    await applications.execute(b, 1, create(11));
    await move(b, 'interview');
    expect(await applications.state(a.eventStore, 1)).toMatchObject({ jobId: 11, stage: 'interview' });
  });
});
