import type Router from '@koa/router';
import { contracts, type BackupRun, type BackupsOverview } from '@ats/contracts';
import { DomainError, bindContract } from '@ats/http-kit';

/** Backups from the admin screen, where the server owns an embedded store (`createBackupAdmin` in @ats/standalone). */
export interface BackupCommands {
  overview(): Promise<BackupsOverview>;
  /** starts an online backup into a new folder of the backup directory; a ConflictError while one runs */
  start(): BackupRun;
}

const elsewhere = () =>
  new DomainError(
    501,
    'backups_elsewhere',
    'Not Implemented',
    'This server has no backup directory: back up its PostgreSQL database with `npm run backup -- <dir> --from postgres://…`.',
  );

/** The Backups screen's list and "Back up now" (admins only); 501 when this server takes none. */
export function backupRoutes(router: Router, commands: BackupCommands | undefined, opts: { validateResponses?: boolean }) {
  bindContract(
    router,
    contracts.listBackups,
    async () => {
      if (!commands) throw elsewhere();
      return commands.overview();
    },
    opts,
  );
  bindContract(
    router,
    contracts.startBackup,
    async () => {
      if (!commands) throw elsewhere();
      return commands.start();
    },
    opts,
  );
}
