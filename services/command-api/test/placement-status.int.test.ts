import { afterEach, describe, expect, it } from 'vitest';
import {
  createPgliteClient,
  createSqlDocumentStore,
  createSqlEventStore,
  type EventStore,
  type ReadAllOptions,
  type SqlClient,
} from '@ats/storage';
import type { CommandScope } from '../src/command-handler';
import { applications } from '../src/domain/aggregates';
import { othersPlaced } from '../src/domain/applications/placement-status';

// Whether another application of the candidate stands at Placed (undoing one placement keeps the
// candidate Placed while another stands), on a real PGlite log and document store. The
// applications read model and the projector's checkpoint are written here in the projector's
// shape (`applications` documents by id with `candidateId`; `projection_checkpoints/main`), so
// each test can set how far behind the read model is.
describe('othersPlaced: the candidate’s applications without reading every application of the log', () => {
  let sql: SqlClient | null = null;
  afterEach(async () => {
    await sql?.close();
    sql = null;
  });

  async function setUp() {
    sql = await createPgliteClient(undefined);
    const events = createSqlEventStore(sql);
    await events.migrate();
    const documents = createSqlDocumentStore(sql);
    await documents.migrate();
    await documents.ensureCollection({ name: 'applications', indexes: ['candidateId', 'jobId', 'stage', 'appliedAt'] });
    await documents.ensureCollection({ name: 'projection_checkpoints' });
    // every readAll the code under test makes
    const reads: ReadAllOptions[] = [];
    const eventStore: EventStore = Object.create(events) as EventStore;
    eventStore.readAll = (options?: ReadAllOptions) => {
      reads.push(options ?? {});
      return events.readAll(options);
    };
    const scope: CommandScope = {
      eventStore: events,
      correlationId: 'c-test',
      metadata: { now: new Date().toISOString(), actor: { id: 'u1', name: 'Rita' } },
    };
    const create = async (applicationId: number, candidateId: number, jobId: number) => {
      await applications.execute(scope, applicationId, {
        type: 'CreateApplication',
        data: { applicationId, candidateId, jobId, candidateExists: true, jobExists: true },
      });
    };
    const place = (applicationId: number) =>
      applications.execute(scope, applicationId, {
        type: 'ChangeApplicationStage',
        data: { applicationId, stage: 'placed', terms: { salaryMin: 100, salaryMax: 200, feePercentage: 20 }, salary: 150 },
      });
    const moveOut = (applicationId: number) =>
      applications.execute(scope, applicationId, { type: 'ChangeApplicationStage', data: { applicationId, stage: 'offer' } });
    /** the read model as the projector leaves it at the log's head now (complete: named in `readModels`) */
    const project = async (readModels = ['candidates', 'applications@2', 'jobs@2']) => {
      const position = await events.headPosition();
      for (const event of await events.readAll({ types: ['ApplicationCreated'] })) {
        const d = event.data as { applicationId: number; candidateId: number; jobId: number };
        const state = await applications.state(events, d.applicationId);
        if (state.status === 'active')
          await documents
            .collection('applications')
            .upsert({ id: d.applicationId, candidateId: d.candidateId, jobId: d.jobId, stage: state.stage });
      }
      await documents
        .collection('projection_checkpoints')
        .upsert({ id: 'main', position, updatedAt: new Date().toISOString(), readModels });
      return position;
    };
    return { events, eventStore, documents, reads, create, place, moveOut, project };
  }

  /** the reads of every ApplicationCreated from the start of the log (what cost O(all applications)) */
  const wholeLogReads = (reads: ReadAllOptions[]) => reads.filter((r) => r.types?.includes('ApplicationCreated') && !r.after);

  it('another placed application keeps the candidate Placed; found by the read model, the log read only after its checkpoint', async () => {
    const t = await setUp();
    await t.create(1, 7, 100);
    await t.create(2, 7, 101);
    // other candidates' applications, one placed: not the candidate's
    await t.create(3, 8, 100);
    await t.place(3);
    await t.place(1);
    await t.place(2);
    const checkpoint = await t.project();

    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(true);
    expect(await othersPlaced(t.eventStore, t.documents, 7, 2)).toBe(true);
    expect(await othersPlaced(t.eventStore, t.documents, 8, 3)).toBe(false);
    expect(wholeLogReads(t.reads)).toEqual([]);
    expect(t.reads.every((r) => r.after === checkpoint)).toBe(true);

    // the other placement moved out of Placed (the read model still says placed: the stream decides)
    await t.moveOut(2);
    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(false);
  });

  it('an application attached after the checkpoint (the projector behind) is found in the log’s tail', async () => {
    const t = await setUp();
    await t.create(1, 7, 100);
    await t.place(1);
    await t.project();
    // the projector has not seen these yet
    await t.create(2, 7, 101);
    await t.place(2);
    await t.create(4, 9, 101);
    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(true);
    expect(await othersPlaced(t.eventStore, t.documents, 7, 2)).toBe(true);
    expect(await othersPlaced(t.eventStore, t.documents, 9, 4)).toBe(false);
    expect(wholeLogReads(t.reads)).toEqual([]);
  });

  it('a read-model document naming the candidate for an application of someone else does not count', async () => {
    const t = await setUp();
    await t.create(1, 7, 100);
    await t.create(5, 8, 100);
    await t.place(5);
    await t.project();
    await t.documents.collection('applications').upsert({ id: 5, candidateId: 7, jobId: 100, stage: 'placed' });
    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(false);
  });

  it('reads the whole log when the read model cannot say: none wired, no checkpoint, or not complete (being built)', async () => {
    const t = await setUp();
    await t.create(1, 7, 100);
    await t.create(2, 7, 101);
    await t.place(1);
    await t.place(2);
    expect(await othersPlaced(t.eventStore, null, 7, 1)).toBe(true);
    expect(wholeLogReads(t.reads)).toHaveLength(1);
    // no checkpoint yet
    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(true);
    expect(wholeLogReads(t.reads)).toHaveLength(2);
    // a checkpoint whose complete read models leave out the applications (backfilling): its documents are not trusted
    await t.project(['candidates']);
    await t.documents.collection('applications').delete(2);
    expect(await othersPlaced(t.eventStore, t.documents, 7, 1)).toBe(true);
    expect(wholeLogReads(t.reads)).toHaveLength(3);
  });
});
