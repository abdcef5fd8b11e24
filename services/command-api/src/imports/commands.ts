import { UpdateCandidateBodySchema, UpdateClientBodySchema, UpdateJobBodySchema, type DuplicateChoice } from '@ats/contracts';
import { ZodError } from 'zod';
import { registerCandidate, updateCandidate } from '../domain/candidates/handlers';
import { candidateEmails, candidates } from '../domain/aggregates';
import { addClientContact, createClient, updateClient } from '../domain/clients/handlers';
import type { Call, Deps } from '../domain/context';
import { createJob, updateJob } from '../domain/jobs/handlers';
import { ConflictError, DomainError } from '../domain/shared/errors';
import type { Duplicate, ExistingRecords } from './existing';
import type { RowError, ValidRow } from './fields';

export type RowOutcome = { result: 'created' | 'updated' | 'skipped' } | { result: 'failed'; errors: RowError[] };

/** The duplicate a valid row would make, if any. */
export function duplicateOf(row: ValidRow, existing: ExistingRecords): Duplicate | null {
  if (row.kind === 'candidates') return existing.candidate(row.body.email, row.body.firstName, row.body.lastName, row.body.currentCompany);
  if (row.kind === 'clients') return existing.client(row.body.companyName);
  return existing.job(row.body.title, existing.clientIdOf(row.clientName));
}

/** A candidate whose first event carries this correlation id was registered by this very row (a re-run after a crash). */
async function registeredByThisRow(deps: Deps, call: Call, email: string): Promise<number | null> {
  const { state } = await candidateEmails.load(deps.eventStore, email);
  const holder = state.status === 'reserved' ? state.candidateId : null;
  if (!holder) return null;
  const [first] = await deps.eventStore.readStream(candidates.streamId(holder));
  return first?.metadata.correlationId === call.correlationId ? holder : null;
}

/**
 * Runs one row as the same commands the forms send. This is the one place an import issues
 * commands: a field every imported record should carry is added here (a candidate's `source` is
 * "import" unless the file names one).
 */
export async function executeRow(
  deps: Deps,
  call: Call,
  row: ValidRow,
  duplicate: Duplicate | null,
  choice: DuplicateChoice,
  existing: ExistingRecords,
): Promise<RowOutcome> {
  // a company named again further down the file: the row adds its contact to the client made above
  if (row.kind === 'clients' && duplicate && existing.createdHere.has(duplicate.id)) {
    if (!row.contact) return { result: 'skipped' };
    await addClientContact(deps, call, duplicate.id, { ...row.contact, isPrimary: false });
    return { result: 'updated' };
  }
  if (duplicate && choice === 'skip') return { result: 'skipped' };
  const update = duplicate !== null && choice === 'update';
  try {
    if (row.kind === 'candidates') {
      if (update) {
        await updateCandidate(deps, call, duplicate.id, UpdateCandidateBodySchema.parse(row.input));
        return { result: 'updated' };
      }
      try {
        const { id } = await registerCandidate(deps, call, { ...row.body, source: row.body.source ?? 'import' });
        existing.addCandidate(id!, row.body.email, row.body.firstName, row.body.lastName, row.body.currentCompany ?? null);
      } catch (error) {
        // idempotent on re-run: the address taken by this row's own earlier run is this row done
        if (error instanceof ConflictError && (await registeredByThisRow(deps, call, row.body.email)) !== null)
          return { result: 'created' };
        throw error;
      }
      return { result: 'created' };
    }
    if (row.kind === 'clients') {
      const { contactName: _n, contactTitle: _t, contactEmail: _e, contactPhone: _p, ...client } = row.input;
      let clientId: number;
      let result: 'created' | 'updated' = 'created';
      if (update && duplicate) {
        await updateClient(deps, call, duplicate.id, UpdateClientBodySchema.parse(client));
        clientId = duplicate.id;
        result = 'updated';
      } else {
        clientId = (await createClient(deps, call, row.body)).id!;
        existing.addClient(clientId, row.body.companyName);
        existing.createdHere.add(clientId);
      }
      // the first contact of a new client is its primary one
      if (row.contact) await addClientContact(deps, call, clientId, { ...row.contact, isPrimary: result === 'created' });
      return { result };
    }
    const clientId = existing.clientIdOf(row.clientName);
    if (row.clientName && clientId === null)
      return { result: 'failed', errors: [{ field: 'clientName', message: `No client named ${row.clientName}` }] };
    if (update && duplicate) {
      const { clientName: _c, ...job } = row.input;
      await updateJob(deps, call, duplicate.id, UpdateJobBodySchema.parse(job));
      return { result: 'updated' };
    }
    const { id } = await createJob(deps, call, { ...row.body, clientId });
    existing.addJob(id!, row.body.title, clientId);
    return { result: 'created' };
  } catch (error) {
    if (error instanceof DomainError) return { result: 'failed', errors: [{ field: fieldOf(error), message: error.message }] };
    if (error instanceof ZodError)
      return { result: 'failed', errors: error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })) };
    throw error;
  }
}

const fieldOf = (error: DomainError) => (error instanceof ConflictError && /email/i.test(error.message) ? 'email' : '');
