/**
 * `npm run migrate-encrypt -- --from <old> --to <new>`: rewrites a plaintext event log into a new
 * store whose personal data is sealed per person (crypto-shredding). <old> and <new> are a PGlite
 * data directory (e.g. data/pglite) or a postgres:// URL. Prints progress; resumable (run it
 * again after an interruption). The new log starts with `EventLogMigrated` naming the old chain's
 * head; the read models are rebuilt from it when the server starts on the new store.
 */
import { createPgClient, createPgliteClient, migrateToSealedLog, openStorage, type SqlClient, type StorageConfig } from '@ats/storage';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const isUrl = (where: string) => /^postgres(ql)?:\/\//.test(where);

async function main() {
  const from = arg('from');
  const to = arg('to');
  if (!from || !to || from === to) {
    console.error('Usage: npm run migrate-encrypt -- --from <old PGlite dir | postgres URL> --to <new PGlite dir | postgres URL>');
    process.exit(2);
  }
  const source: SqlClient = isUrl(from) ? createPgClient(from) : await createPgliteClient(from);
  const config: StorageConfig = isUrl(to) ? { kind: 'postgres', url: to } : { kind: 'embedded', dataDir: to };
  const target = await openStorage(config);
  const started = Date.now();
  try {
    const result = await migrateToSealedLog({
      source,
      target: { eventStore: target.eventStore, sql: target.sql! },
      onProgress: ({ done, total }) => {
        const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
        process.stderr.write(`migrate-encrypt: ${done}/${total} events (${total ? Math.floor((done / total) * 100) : 100}%), ${rate}/s\n`);
      },
    });
    console.log(`migrate-encrypt: done, ${result.migrated} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await target.close();
    await source.close();
  }
}

main().catch((error: unknown) => {
  console.error('migrate-encrypt failed:', error);
  process.exit(1);
});
