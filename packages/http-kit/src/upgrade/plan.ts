import type { Storage } from '@ats/storage';
import {
  DATA_MIGRATIONS,
  DATA_VERSION,
  readModelName,
  readModelVersion,
  storedVersion,
  thisRelease,
  type InstallationVersion,
} from './installation';

/** Events per second a rebuild reaches on the embedded store (README, B3: about 4,000/s on 2 cores). */
export const REBUILD_EVENTS_PER_SECOND = 4000;

/**
 * What a service does at start-up:
 * - `all`: the standalone server (one process: it rebuilds, migrates and records the version);
 * - `projector`: rebuilds the read models and records the version;
 * - `query-api` / `command-api`: compare versions and refuse only when older than the data;
 *   they say what the projector will rebuild but never rebuild or record themselves.
 */
export type StartupRole = 'all' | 'projector' | 'query-api' | 'command-api';
export const OWNS_READ_SIDE: Record<StartupRole, boolean> = { all: true, projector: true, 'query-api': false, 'command-api': false };

export interface UpgradePlan {
  role: StartupRole;
  events: number;
  stored: InstallationVersion | null;
  /** why this version must not serve the data (it is older than the data) */
  refusals: string[];
  /** read models built from scratch or rebuilt at start (new, or their version changed) */
  rebuild: string[];
  /** how many read models this version has (for the estimate) */
  readModels: number;
  migrations: string[];
  estimatedSeconds: number;
}

/** Why `release` must not serve data recorded as `stored` (pure). */
export function refusalsOf(stored: InstallationVersion | null, release: Omit<InstallationVersion, 'servedAt' | 'id'>): string[] {
  if (!stored) return [];
  const refusals: string[] = [];
  if (stored.dataVersion > release.dataVersion)
    refusals.push(
      `the data was written by a newer version (data version ${stored.dataVersion}; this version knows up to ${release.dataVersion})`,
    );
  for (const key of stored.readModels) {
    const mine = release.readModels.find((k) => readModelName(k) === readModelName(key));
    if (mine && readModelVersion(mine) < readModelVersion(key))
      refusals.push(`read model ${readModelName(key)} is at version ${readModelVersion(key)}; this version has ${readModelVersion(mine)}`);
  }
  for (const [type, version] of Object.entries(stored.events)) {
    const mine = release.events[type];
    if (mine !== undefined && mine < version)
      refusals.push(`event ${type} is stored at schema version ${version}; this version reads up to ${mine}`);
  }
  return refusals;
}

export interface PlanOptions {
  role: StartupRole;
  /** this version's read models (`name@version`); a service without projections passes none */
  readModels?: readonly string[];
  /** the read models this version rebuilds on this data (the projector's checkpoint knows; read-only) */
  toRebuild?: (events: number) => Promise<string[]>;
}

/** What this version will do to the data it was started on; nothing is changed. */
export async function planUpgrade(
  storage: Pick<Storage, 'eventStore' | 'documentStore' | 'sql'>,
  options: PlanOptions,
): Promise<UpgradePlan> {
  const events = await storage.eventStore.headPosition();
  const stored = await storedVersion(storage.documentStore);
  const release = thisRelease(options.readModels);
  const refusals = refusalsOf(stored, release);
  const rebuild = options.toRebuild ? await options.toRebuild(events) : [];

  const migrations: string[] = [];
  if (storage.sql) {
    // the chain grows from the start of the log: what is unchained lies after the last hashed event
    // (two index lookups; a `WHERE hash IS NULL` count read the whole log, seconds at 1M events)
    const { rows } = await storage.sql.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM events
        WHERE position > coalesce((SELECT position FROM events WHERE hash IS NOT NULL ORDER BY position DESC LIMIT 1), 0)`,
    );
    const unchained = Number(rows[0]?.n ?? 0);
    if (unchained > 0) migrations.push(`chain ${unchained} events into the audit hash chain`);
  }
  for (let v = (stored?.dataVersion ?? DATA_VERSION) + 1; v <= DATA_VERSION; v++) {
    const step = DATA_MIGRATIONS[v];
    if (step) migrations.push(step);
  }

  const readModels = Math.max(1, release.readModels.length);
  const share = rebuild.length / readModels;
  const estimatedSeconds = Math.ceil((events * (rebuild.length > 0 ? Math.max(share, 0.2) : 0)) / REBUILD_EVENTS_PER_SECOND);
  return { role: options.role, events, stored, refusals, rebuild, readModels, migrations, estimatedSeconds };
}

/** The plan in a few lines, for the start-up output and `--dry-run`. */
export function describePlan(plan: UpgradePlan): string[] {
  const lines = [`Data: ${plan.events} events; data version ${plan.stored?.dataVersion ?? 'not recorded yet'} → ${DATA_VERSION}.`];
  if (plan.refusals.length > 0) {
    lines.push('This version is OLDER than the data and will not start:');
    for (const reason of plan.refusals) lines.push(`  - ${reason}`);
    return lines;
  }
  const owns = OWNS_READ_SIDE[plan.role];
  if (plan.rebuild.length > 0)
    lines.push(
      owns
        ? `Read models to rebuild: ${plan.rebuild.join(', ')}.`
        : `Read models the projector rebuilds: ${plan.rebuild.join(', ')} (this service serves the current ones meanwhile).`,
    );
  else if (owns || plan.role === 'query-api') lines.push('Read models: all current, none to rebuild.');
  else lines.push('Read models: rebuilt by the projector, never by this service.');
  lines.push(plan.migrations.length > 0 ? `Migrations: ${plan.migrations.join('; ')}.` : 'Migrations: none.');
  if (owns && (plan.rebuild.length > 0 || plan.migrations.length > 0))
    lines.push(`Estimated time: about ${plan.estimatedSeconds} s on this log (rebuilds run in the background; the rest serves meanwhile).`);
  return lines;
}
