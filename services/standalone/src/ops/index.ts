export * from './backup-format';
export { takeBackup, stateTables } from './backup';
export { restoreBackup } from './restore';
export { BackupRefusedError, verifyBackup } from './verify-backup';
export * from './upgrade';
export { createBackupAdmin, backupName, type BackupAdmin } from './backup-admin';
