/**
 * Profiling aid for the trigram search index's pending list (README, "Import speed"): on one
 * in-memory PGlite, collections with the candidates' search fields, each with its GIN index set
 * to one of the options below, written in turn by the projector's one-statement `writeAcross`
 * (batches of B rows, interleaved so the machine's load falls on every variant alike). Prints
 * the CPU per row and the statements' time distribution per option.
 * `node --import tsx bench/search-index-writes.ts [rows] [batch]`
 * (VARIANTS=opt,opt,… default: PostgreSQL's 4 MB default, the store's option, fastupdate off).
 */
import { loadavg } from 'node:os';
import { TRIGRAM_INDEX_OPTION, createPgliteClient, createSqlDocumentStore } from '@ats/storage';

const rows = Number(process.argv[2] ?? 10_000);
const batch = Number(process.argv[3] ?? 25);
const variants = (process.env.VARIANTS ?? `gin_pending_list_limit=4096,${TRIGRAM_INDEX_OPTION},fastupdate=off`).split(',');
const searchFields = ['firstName', 'lastName', 'email', 'currentTitle', 'currentCompany', 'location', 'skills'];

const sql = await createPgliteClient(undefined);
const store = createSqlDocumentStore(sql);
await store.migrate();
for (const [i, option] of variants.entries()) {
  await store.ensureCollection({ name: `variant${i}`, searchFields });
  const { rows: found } = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
      WHERE i.indrelid = to_regclass($1) AND a.amname = 'gin'`,
    [`doc_variant${i}`],
  );
  await sql.query(`ALTER INDEX "${found[0]!.name}" RESET (gin_pending_list_limit, fastupdate)`);
  await sql.query(`ALTER INDEX "${found[0]!.name}" SET (${option})`);
}

const times = variants.map(() => [] as number[]);
for (let from = 0; from < rows; from += batch) {
  const docs = Array.from({ length: Math.min(batch, rows - from) }, (_, k) => {
    const n = from + k;
    return {
      id: n,
      firstName: `Bulk${n}`,
      lastName: `Person, ${n % 97}`,
      email: `bulk.${n}@import.example`,
      currentTitle: 'Engineer',
      currentCompany: `Company ${n % 500}`,
      location: `City ${n % 50}`,
      skills: ['Go', 'SQL'],
    };
  });
  for (const i of variants.keys()) {
    const c0 = process.cpuUsage();
    await store.writeAcross!([{ collection: `variant${i}`, upserts: docs, deletes: [] }]);
    const c = process.cpuUsage(c0);
    times[i]!.push((c.user + c.system) / 1000);
  }
}
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
for (const [i, option] of variants.entries()) {
  const all = times[i]!;
  const cpu = all.reduce((a, b) => a + b, 0);
  process.stdout.write(
    `${option.padEnd(28)} CPU ${Math.round(cpu)} ms = ${Math.round((cpu / rows) * 1000)} µs per row; a statement of ${batch} rows: ` +
      `p50 ${p(all, 0.5).toFixed(1)}, p99 ${p(all, 0.99).toFixed(1)}, max ${Math.max(...all).toFixed(1)} ms, ${all.filter((ms) => ms > 10).length} over 10 ms\n`,
  );
}
process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)}\n`);
await sql.close();
