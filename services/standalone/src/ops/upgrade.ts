import { eventRegistry } from '@ats/events';
import { CHECKPOINT_COLLECTION, CHECKPOINT_ID, allProjections, readModelKey, type CheckpointDoc } from '@ats/projector';
import type { Storage } from '@ats/storage';

/**
 * The layout of the stored data this version writes (tables, state documents). A release that
 * changes it raises the number and lists what the start-up does under `DATA_MIGRATIONS`.
 * Event schemas and read-model versions have their own numbers (the event registry, each
 * projection's `version`).
 */
export const DATA_VERSION = 1;
/** What reaching each data version does to existing data (none yet beyond version 1). */
export const DATA_MIGRATIONS: Record<number, string> = {};

/** Where the installation records which version last served its data (a state table: backed up). */
export const INSTALLATION_COLLECTION = 'installation';
const VERSION_ID = 'version';

/** Events per second a rebuild reaches on the embedded store (README, B3: about 4,000/s on 2 cores). */
export const REBUILD_EVENTS_PER_SECOND = 4000;

export type InstallationVersion = {
  id: typeof VERSION_ID;
  dataVersion: number;
  /** read models as `name@version` */
  readModels: string[];
  /** event type → schema version */
  events: Record<string, number>;
  servedAt: string;
};

export interface UpgradePlan {
  events: number;
  stored: InstallationVersion | null;
  /** why this version must not serve the data (it is older than the data) */
  refusals: string[];
  /** read models built from scratch or rebuilt at start (new, or their version changed) */
  rebuild: string[];
  migrations: string[];
  estimatedSeconds: number;
}

const thisVersion = (): Omit<InstallationVersion, 'servedAt'> => ({
  id: VERSION_ID,
  dataVersion: DATA_VERSION,
  readModels: allProjections.map(readModelKey),
  events: Object.fromEntries(Object.entries(eventRegistry).map(([type, entry]) => [type, entry.version])),
});

const versionOf = (key: string) => Number(key.split('@')[1] ?? 1);

/** What this version will do to the data it was started on; nothing is changed. */
export async function planUpgrade(storage: Pick<Storage, 'eventStore' | 'documentStore' | 'sql'>): Promise<UpgradePlan> {
  const events = await storage.eventStore.headPosition();
  const stored = await storage.documentStore.collection<InstallationVersion>(INSTALLATION_COLLECTION).get(VERSION_ID);
  const ours = thisVersion();
  const refusals: string[] = [];
  if (stored) {
    if (stored.dataVersion > ours.dataVersion)
      refusals.push(
        `the data was written by a newer version (data version ${stored.dataVersion}; this version knows up to ${ours.dataVersion})`,
      );
    for (const key of stored.readModels) {
      const name = key.split('@')[0]!;
      const mine = ours.readModels.find((k) => k.split('@')[0] === name);
      if (mine && versionOf(mine) < versionOf(key))
        refusals.push(`read model ${name} is at version ${versionOf(key)}; this version has ${versionOf(mine)}`);
    }
    for (const [type, version] of Object.entries(stored.events)) {
      const mine = ours.events[type];
      if (mine !== undefined && mine < version)
        refusals.push(`event ${type} is stored at schema version ${version}; this version reads up to ${mine}`);
    }
  }

  const checkpoint = await storage.documentStore.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(CHECKPOINT_ID);
  const rebuild =
    !checkpoint || checkpoint.position === 0
      ? events > 0
        ? allProjections.map((p) => p.name)
        : []
      : allProjections.filter((p) => checkpoint.readModels && !checkpoint.readModels.includes(readModelKey(p))).map((p) => p.name);

  const migrations: string[] = [];
  if (storage.sql) {
    const { rows } = await storage.sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events WHERE hash IS NULL');
    const unchained = Number(rows[0]?.n ?? 0);
    if (unchained > 0) migrations.push(`chain ${unchained} events into the audit hash chain`);
  }
  for (let v = (stored?.dataVersion ?? DATA_VERSION) + 1; v <= DATA_VERSION; v++) {
    const step = DATA_MIGRATIONS[v];
    if (step) migrations.push(step);
  }

  const share = rebuild.length / Math.max(1, allProjections.length);
  const estimatedSeconds = Math.ceil((events * (rebuild.length > 0 ? Math.max(share, 0.2) : 0)) / REBUILD_EVENTS_PER_SECOND);
  return { events, stored, refusals, rebuild, migrations, estimatedSeconds };
}

/** The plan in a few lines, for the start-up output and `--dry-run`. */
export function describePlan(plan: UpgradePlan): string[] {
  const lines = [`Data: ${plan.events} events; data version ${plan.stored?.dataVersion ?? 'not recorded yet'} → ${DATA_VERSION}.`];
  if (plan.refusals.length > 0) {
    lines.push('This version is OLDER than the data and will not start:');
    for (const reason of plan.refusals) lines.push(`  - ${reason}`);
    return lines;
  }
  lines.push(
    plan.rebuild.length > 0 ? `Read models to rebuild: ${plan.rebuild.join(', ')}.` : 'Read models: all current, none to rebuild.',
  );
  lines.push(plan.migrations.length > 0 ? `Migrations: ${plan.migrations.join('; ')}.` : 'Migrations: none.');
  if (plan.rebuild.length > 0 || plan.migrations.length > 0)
    lines.push(`Estimated time: about ${plan.estimatedSeconds} s on this log (rebuilds run in the background; the rest serves meanwhile).`);
  return lines;
}

/** Records that this version serves the data (after the check passed). */
export async function recordVersion(storage: Pick<Storage, 'documentStore'>, now = new Date()): Promise<void> {
  await storage.documentStore
    .collection<InstallationVersion>(INSTALLATION_COLLECTION)
    .upsert({ ...thisVersion(), servedAt: now.toISOString() });
}

/** Ends the start-up: a `--dry-run` that printed the plan (exit 0), or a refusal (exit 1). */
export class StartupStop extends Error {
  override readonly name = 'StartupStop';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * The start-up check: prints what this version will do to the data, then stops for a dry run or
 * a version older than the data, or records this version and lets the server start.
 */
export async function upgradeCheck(
  storage: Pick<Storage, 'eventStore' | 'documentStore' | 'sql'>,
  options: { dryRun: boolean; print: (line: string) => void },
) {
  const plan = await planUpgrade(storage);
  for (const line of describePlan(plan)) options.print(line);
  if (plan.refusals.length > 0)
    throw new StartupStop(
      'Refusing to start a version older than the data. Run the newer version (or restore a backup taken for this one).',
      1,
    );
  if (options.dryRun) throw new StartupStop('Dry run: nothing was changed.', 0);
  await recordVersion(storage);
  return plan;
}
