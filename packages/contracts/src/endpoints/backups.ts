import { z } from 'zod';
import { defineContract } from '../contract';

/** A backup in the server's backup directory (ATS_BACKUP_DIR). */
export const BackupEntrySchema = z.object({
  /** the folder's name, e.g. `talentflow-2026-12-07T20-01-02Z` */
  name: z.string(),
  createdAt: z.string(),
  bytes: z.number(),
  /** complete: has its manifest; running: being written now; partial: cut short (not restorable) */
  status: z.enum(['complete', 'running', 'partial']),
  /** events in the backup (complete ones) */
  events: z.number().nullable(),
  /** the command that restores it into an empty data directory, on this or another machine */
  restoreCommand: z.string().nullable(),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

/** The backup started from the Backups screen (or the last one that ended on this server). */
export const BackupRunSchema = z.object({
  name: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** the progress lines so far (the last 20), the same as `npm run backup` prints */
  progress: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

export const BackupsOverviewSchema = z.object({
  /** the server's backup directory (ATS_BACKUP_DIR; default `<data dir>/backups`) */
  dir: z.string(),
  run: BackupRunSchema.nullable(),
  /** newest first */
  backups: z.array(BackupEntrySchema),
});
export type BackupsOverview = z.infer<typeof BackupsOverviewSchema>;

export const backupContracts = {
  listBackups: defineContract({
    name: 'listBackups',
    method: 'GET',
    path: '/api/admin/backups',
    response: BackupsOverviewSchema,
    status: 200,
    roles: ['admin'],
    summary: "The backups in the server's backup directory (admins only), newest first, and the one running",
  }),
  startBackup: defineContract({
    name: 'startBackup',
    method: 'POST',
    path: '/api/admin/backups',
    body: z.object({}).strict(),
    response: BackupRunSchema,
    status: 202,
    roles: ['admin'],
    summary:
      "Takes an online backup into a new folder of the server's backup directory while everyone works; progress in GET /api/admin/backups. 409 while one runs; 501 where this server has no backup directory",
  }),
};
