import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent } from '@ats/events';
import { openStorage, type Storage } from '@ats/storage';
import { DATA_VERSION, describePlan, planUpgrade, recordVersion, refusalsOf, thisRelease } from '../src/upgrade';

/** The shared start-up plan on a real embedded store: migrations found cheaply, refusals, the lines each role prints. */
describe('the start-up upgrade plan', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ kind: 'embedded' });
    const events = Array.from({ length: 6 }, (_, i) => {
      const encoded = encodeEvent({ type: 'IdReserved', data: { kind: 'candidate', id: i + 1 } });
      return {
        id: crypto.randomUUID(),
        type: encoded.type,
        data: encoded.data,
        metadata: {
          actor: { id: 'u-1', name: 'Test' },
          correlationId: crypto.randomUUID(),
          causationId: null,
          occurredAt: new Date().toISOString(),
          schemaVersion: encoded.schemaVersion,
        },
      };
    });
    await storage.eventStore.append('ids-candidate', events, { expectedRevision: 'no_stream' });
  });
  afterAll(() => storage?.close());

  it('names the events a log older than the hash chain still has to chain (those after the last hashed one)', async () => {
    expect((await planUpgrade(storage, { role: 'all' })).migrations).toEqual([]);
    await storage.sql!.query('UPDATE events SET hash = NULL, prev_hash = NULL WHERE position > 2');
    const plan = await planUpgrade(storage, { role: 'all' });
    expect(plan.migrations).toEqual(['chain 4 events into the audit hash chain']);
    expect(describePlan(plan)).toContain('Migrations: chain 4 events into the audit hash chain.');
  });

  it('each role says who rebuilds; only the owner of the read side estimates the time', async () => {
    const toRebuild = async () => ['candidates'];
    const projector = describePlan(await planUpgrade(storage, { role: 'projector', readModels: ['candidates@2'], toRebuild }));
    expect(projector).toContain('Read models to rebuild: candidates.');
    expect(projector.some((line) => line.startsWith('Estimated time: about'))).toBe(true);
    const query = describePlan(await planUpgrade(storage, { role: 'query-api', readModels: ['candidates@2'], toRebuild }));
    expect(query).toContain('Read models the projector rebuilds: candidates (this service serves the current ones meanwhile).');
    expect(query.some((line) => line.startsWith('Estimated time'))).toBe(false);
    const command = describePlan(await planUpgrade(storage, { role: 'command-api' }));
    expect(command).toContain('Read models: rebuilt by the projector, never by this service.');
  });

  it('refuses only what is newer than this version: a read model this service does not carry is not its concern', async () => {
    await recordVersion(storage.documentStore, { ...thisRelease(['candidates@3', 'jobs']), dataVersion: DATA_VERSION });
    const stored = (await planUpgrade(storage, { role: 'command-api' })).stored!;
    expect(refusalsOf(stored, thisRelease([]))).toEqual([]);
    expect(refusalsOf(stored, thisRelease(['candidates@2', 'jobs']))).toEqual([
      'read model candidates is at version 3; this version has 2',
    ]);
    expect(refusalsOf(stored, thisRelease(['candidates@3', 'jobs']))).toEqual([]);
    expect(refusalsOf({ ...stored, events: { IdReserved: 7 } }, thisRelease())).toEqual([
      'event IdReserved is stored at schema version 7; this version reads up to 1',
    ]);
  });
});
