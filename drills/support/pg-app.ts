/** The command-api (and optionally the projector) in this process on a PostgreSQL url, on a random loopback port. */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommandApi, registerUser } from '@ats/command-api';
import type { Role } from '@ats/contracts';
import { createAuth, silentLogger } from '@ats/http-kit';
import { openStorage, type DocumentStore, type EventStore, type Storage } from '@ats/storage';
import { Client } from '@ats/http-kit/testing';

export const PASSWORD = 'correct-horse-battery';

export interface PgCommandApi {
  url: string;
  storage: Storage;
  server: Server;
  api: ReturnType<typeof createCommandApi>;
  signedIn(role: Role): Promise<Client>;
  close(): Promise<void>;
}

export async function startPgCommandApi(databaseUrl: string): Promise<PgCommandApi> {
  const storage = await openStorage({ kind: 'postgres', url: databaseUrl });
  const app = await startCommandApiOn(storage.eventStore, storage.documentStore);
  return {
    ...app,
    storage,
    async close() {
      await app.close();
      await storage.close();
    },
  };
}

export type CommandApiOn = Omit<PgCommandApi, 'storage'>;

/** The command-api over the given stores (sessions and users in `documents`), on a random loopback port; closing leaves the stores open. */
export async function startCommandApiOn(eventStore: EventStore, documents: DocumentStore): Promise<CommandApiOn> {
  const auth = createAuth({
    documents,
    sessionSecret: 'drill-secret-drill-secret-drill-secret',
    secureCookies: false,
  });
  await auth.init();
  const api = createCommandApi({ eventStore, auth, log: silentLogger, validateResponses: true });
  const server = createServer(api.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    api,
    async signedIn(role: Role) {
      const email = `${role}-${randomUUID().slice(0, 8)}@agency.example`;
      const call = { correlationId: randomUUID(), metadata: { now: new Date().toISOString(), actor: { id: 'system', name: 'System' } } };
      await registerUser(api.deps, call, { email, password: PASSWORD, firstName: role, lastName: 'Drill', role });
      return new Client(url).login(email, PASSWORD);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
