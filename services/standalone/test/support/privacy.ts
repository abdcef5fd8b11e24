import { expect } from 'vitest';
import type { Standalone } from '../../src/server';
import type { Client } from './test-app';

/** The tables of the store holding one of `needles` anywhere in a row ("table: needle"). */
export async function tablesHolding(app: Standalone, needles: readonly string[]): Promise<string[]> {
  const sql = app.sql;
  const { rows: tables } = await sql.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const { name } of tables) {
    for (const needle of needles) {
      const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}" t WHERE t::text ILIKE $1`, [`%${needle}%`]);
      if (rows[0]!.n > 0) hits.push(`${name}: ${needle}`);
    }
  }
  return hits;
}

/** A client, a job with a fee, the candidate applied and placed; the projections caught up. Returns the application id. */
export async function placeCandidate(
  app: Standalone,
  recruiter: Client,
  candidateId: number,
  job: { companyName: string; title: string; salaryMax: number; feePercentage: number },
): Promise<number> {
  const client = await recruiter.post('/api/clients', { companyName: job.companyName });
  const created = await recruiter.post('/api/jobs', {
    title: job.title,
    clientId: client.json.id,
    salaryMax: job.salaryMax,
    feePercentage: job.feePercentage,
  });
  const application = await recruiter.post('/api/applications', { candidateId, jobId: created.json.id });
  expect(application.status, JSON.stringify(application.json)).toBe(201);
  const placed = await recruiter.patch(`/api/applications/${application.json.id}/stage`, { stage: 'placed' });
  expect(placed.status).toBe(200);
  await app.projector.waitFor(await app.eventStore.headPosition(), 5_000);
  return application.json.id;
}
