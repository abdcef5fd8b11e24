/**
 * Vitest global setup (vitest.config.ts): one freshly initialised PGlite data dir, dumped to a tar
 * file once per run, that every in-memory store of the run starts from instead of running initdb
 * (`PGLITE_TEMPLATE_ENV`). initdb is about 4/5 of a new in-memory store's start and the suite
 * starts a few hundred of them. The template is made by the installed PGlite on each run, so it
 * can never be older than the PGlite reading it.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_TEMPLATE_ENV } from '../src/sql/pglite-client';

export default async function setup(): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `ats-pglite-template-${process.pid}.tar`);
  const db = await PGlite.create(undefined, { extensions: { pg_trgm } });
  const dump = await db.dumpDataDir('none');
  await db.close();
  await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
  // the workers are started after this and inherit the environment
  process.env[PGLITE_TEMPLATE_ENV] = path;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(path, { force: true });
  };
}
