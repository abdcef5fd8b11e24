import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_VERSION, INSTALLATION_COLLECTION, INSTALLATION_VERSION_ID, type InstallationVersion } from '@ats/http-kit';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID, allProjections, type CheckpointDoc } from '@ats/projector';
import { createTestSchema, openStorage, type Storage, type TestSchema } from '@ats/storage';
import { appendDataset } from './support/dataset';
import { DATABASE_URL, REDIS_URL, ROOT, freePort, spawnTsx, until } from './support/harness';

/**
 * The start-up upgrade check in the separately started services (the esbuild bundles production
 * runs) on PostgreSQL + Redis: each says what this version will do to the data before serving,
 * honours `--dry-run`, and refuses a version older than the data. Only the projector rebuilds
 * and records the version; the command-api and query-api compare and never race it.
 */
const reason = !DATABASE_URL ? 'DATABASE_URL is not set' : !REDIS_URL ? 'REDIS_URL is not set' : null;
if (reason) console.warn(`[skip] upgrade check of the separately started services (PostgreSQL + Redis): ${reason}`);

const SERVICES = ['command-api', 'projector', 'query-api'] as const;
type Service = (typeof SERVICES)[number];
const bundle = (service: Service) => join(ROOT, 'services', service, 'dist', 'main.js');

describe.skipIf(reason !== null)('the upgrade check in command-api, projector and query-api', () => {
  let schema: TestSchema;
  let storage: Storage;
  beforeAll(async () => {
    for (const service of SERVICES)
      if (!existsSync(bundle(service))) throw new Error(`${bundle(service)} is missing: run node scripts/build.mjs first`);
    schema = await createTestSchema(DATABASE_URL!, 'upgrade');
    storage = await openStorage({ kind: 'postgres', url: schema.url });
  });
  afterAll(async () => {
    await storage?.close();
    await schema?.drop();
  });

  const env = (port: number) => ({
    DATABASE_URL: schema.url,
    REDIS_URL: REDIS_URL!,
    CHANGES_CHANNEL: `ats:test:${schema.schema}`,
    SESSION_SECRET: 'upgrade-test-session-secret-upgrade',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });

  /** Runs a service to its exit (a dry run or a refusal); fails if it starts serving instead. */
  async function runToExit(service: Service, args: string[] = []) {
    const port = await freePort();
    const child = spawnTsx(bundle(service), env(port), args);
    const code = await new Promise<number | null>((resolve) => {
      child.proc.once('exit', (exitCode) => resolve(exitCode));
      setTimeout(() => resolve(-1), 60_000);
    });
    await child.kill9();
    return { code, out: child.output() };
  }

  /** Starts a service until /healthz answers, runs `whileUp`, then stops it. */
  async function runServing(service: Service, whileUp: (url: string) => Promise<void> = async () => {}) {
    const port = await freePort();
    const child = spawnTsx(bundle(service), env(port));
    const url = `http://127.0.0.1:${port}`;
    try {
      await until(async () => child.proc.exitCode === null && (await fetch(`${url}/healthz`)).ok, 60_000, `${service} up`);
      await whileUp(url);
      return child.output();
    } catch (error) {
      throw new Error(`${String(error)}\n${child.output()}`, { cause: error });
    } finally {
      await child.stop();
    }
  }

  const installation = () => storage.documentStore.collection<InstallationVersion>(INSTALLATION_COLLECTION);
  const checkpoint = () => storage.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION);

  it('--dry-run: every service prints the plan and exits 0 without serving, recording or rebuilding', async () => {
    await appendDataset(storage.eventStore, { candidates: 30, applications: 40, moves: 20, notes: 5, jobs: 4, clients: 2 });
    const head = await storage.eventStore.headPosition();

    const projector = await runToExit('projector', ['--dry-run']);
    expect(projector.code, projector.out).toBe(0);
    expect(projector.out).toContain(`Data: ${head} events; data version not recorded yet → ${DATA_VERSION}.`);
    expect(projector.out).toContain(`Read models to rebuild: ${allProjections.map((p) => p.name).join(', ')}.`);
    expect(projector.out).toMatch(/Estimated time: about \d+ s on this log/);
    expect(projector.out).toContain('Dry run: nothing was changed.');

    const query = await runToExit('query-api', ['--dry-run']);
    expect(query.code, query.out).toBe(0);
    expect(query.out).toContain('Read models the projector rebuilds: ');
    expect(query.out).toContain('(this service serves the current ones meanwhile)');
    expect(query.out).not.toContain('Estimated time');

    const command = await runToExit('command-api', ['--dry-run']);
    expect(command.code, command.out).toBe(0);
    expect(command.out).toContain(`Data: ${head} events; data version not recorded yet → ${DATA_VERSION}.`);
    expect(command.out).toContain('Read models: rebuilt by the projector, never by this service.');

    // nothing changed: no version recorded, no read model built
    expect(await installation().get(INSTALLATION_VERSION_ID)).toBeNull();
    expect(await checkpoint().get(CHECKPOINT_ID)).toBeNull();
  }, 180_000);

  it('the projector rebuilds and records the version; the query-api and command-api only compare', async () => {
    const head = await storage.eventStore.headPosition();
    const out = await runServing('projector', async (url) => {
      await until(
        async () => ((await (await fetch(`${url}/healthz`)).json()) as { checkpoint?: number }).checkpoint === head,
        60_000,
        'the projector at the head',
      );
    });
    expect(out).toContain('Read models to rebuild: ');
    const recorded = await installation().get(INSTALLATION_VERSION_ID);
    expect(recorded?.dataVersion).toBe(DATA_VERSION);
    expect(recorded?.readModels.length).toBe(allProjections.length);

    // as if this version brought a new version of the candidates read model: the query-api says the
    // projector rebuilds it, serves, and neither rebuilds it nor touches the record
    const saved = await checkpoint().get(CHECKPOINT_ID);
    await checkpoint().patch(CHECKPOINT_ID, { readModels: saved!.readModels!.filter((key) => !key.startsWith('candidates')) });
    const query = await runServing('query-api');
    expect(query).toContain('Read models the projector rebuilds: candidates (this service serves the current ones meanwhile).');
    const command = await runServing('command-api');
    expect(command).toContain('Read models: rebuilt by the projector, never by this service.');
    expect((await checkpoint().get(CHECKPOINT_ID))?.readModels?.some((key) => key.startsWith('candidates'))).toBe(false);
    expect((await installation().get(INSTALLATION_VERSION_ID))?.servedAt).toBe(recorded?.servedAt);

    // the projector's own dry run names the same read model, and its real start rebuilds it
    const dry = await runToExit('projector', ['--dry-run']);
    expect(dry.out).toContain('Read models to rebuild: candidates.');
    await runServing('projector', async () => {
      await until(
        async () => (await checkpoint().get(CHECKPOINT_ID))?.readModels?.some((key) => key.startsWith('candidates')),
        60_000,
        'candidates rebuilt',
      );
    });
  }, 240_000);

  it('a version older than the data: every service refuses to start (exit 1) and says why', async () => {
    const saved = await installation().get(INSTALLATION_VERSION_ID);
    await installation().patch(INSTALLATION_VERSION_ID, {
      dataVersion: DATA_VERSION + 1,
      readModels: saved!.readModels.map((key) => (key.startsWith('jobs') ? 'jobs@99' : key)),
      events: { ...saved!.events, CandidateRegistered: 99 },
    });
    for (const service of SERVICES) {
      const { code, out } = await runToExit(service);
      expect(code, `${service}:\n${out}`).toBe(1);
      expect(out).toContain('This version is OLDER than the data and will not start:');
      expect(out).toContain(`the data was written by a newer version (data version ${DATA_VERSION + 1}`);
      expect(out).toContain('event CandidateRegistered is stored at schema version 99');
      // the command-api serves no read model: only the read side refuses for one
      if (service === 'command-api') expect(out).not.toContain('read model jobs');
      else expect(out).toContain('read model jobs is at version 99');
      expect(out).toContain('Refusing to start a version older than the data.');
    }
    // the refusals changed nothing
    expect((await installation().get(INSTALLATION_VERSION_ID))?.dataVersion).toBe(DATA_VERSION + 1);
  }, 180_000);
});
