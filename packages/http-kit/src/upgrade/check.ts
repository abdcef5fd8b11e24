import type { Storage } from '@ats/storage';
import { recordVersion, thisRelease } from './installation';
import { OWNS_READ_SIDE, describePlan, planUpgrade, type PlanOptions, type UpgradePlan } from './plan';

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

export const REFUSAL_MESSAGE =
  'Refusing to start a version older than the data. Run the newer version (or restore a backup taken for this one).';

/** `--dry-run` on the command line: print the plan and stop without serving. */
export const isDryRun = (argv: readonly string[] = process.argv) => argv.includes('--dry-run');

/**
 * The start-up check every service runs before it serves: prints what this version will do to
 * the data, then stops for a dry run or a version older than the data. The service that owns the
 * read side (the projector, or the standalone server) then records this version; the others
 * only compare.
 */
export async function upgradeCheck(
  storage: Pick<Storage, 'eventStore' | 'documentStore' | 'sql'>,
  options: PlanOptions & { dryRun: boolean; print: (line: string) => void },
): Promise<UpgradePlan> {
  const plan = await planUpgrade(storage, options);
  for (const line of describePlan(plan)) options.print(line);
  if (plan.refusals.length > 0) throw new StartupStop(REFUSAL_MESSAGE, 1);
  if (options.dryRun) throw new StartupStop('Dry run: nothing was changed.', 0);
  if (OWNS_READ_SIDE[options.role]) await recordVersion(storage.documentStore, thisRelease(options.readModels));
  return plan;
}

/**
 * For a service's `main().catch`: a StartupStop prints its message and exits with its code
 * (true); anything else is left to the caller (false).
 */
export function exitOnStartupStop(error: unknown, write: (text: string) => void = (text) => process.stdout.write(text)): boolean {
  if (!(error instanceof StartupStop)) return false;
  write(error.message + '\n');
  process.exit(error.exitCode);
}
