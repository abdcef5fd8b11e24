import { upgradeCheck as serviceUpgradeCheck } from '@ats/http-kit';
import { readSideUpgrade } from '@ats/projector';
import type { Storage } from '@ats/storage';

// The check itself is shared by every service (`packages/http-kit/src/upgrade`); the standalone
// server runs it as the one process that owns everything (it rebuilds and records the version).
export {
  DATA_MIGRATIONS,
  DATA_VERSION,
  INSTALLATION_COLLECTION,
  REBUILD_EVENTS_PER_SECOND,
  StartupStop,
  describePlan,
  type InstallationVersion,
  type UpgradePlan,
} from '@ats/http-kit';

/**
 * The start-up check: prints what this version will do to the data, then stops for a dry run or
 * a version older than the data, or records this version and lets the server start.
 */
export async function upgradeCheck(
  storage: Pick<Storage, 'eventStore' | 'documentStore' | 'sql'>,
  options: { dryRun: boolean; print: (line: string) => void },
) {
  return serviceUpgradeCheck(storage, { role: 'all', ...readSideUpgrade(storage.documentStore), ...options });
}
