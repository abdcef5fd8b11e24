import { createServer } from 'node:http';
import { ConfigError, createAuth, createLogger, secureCookiesOf, storageConfigOf } from '@ats/http-kit';
import { openStorage } from '@ats/storage';
import { createCommandApi } from './app';
import { ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { createIntegrations } from './integrations';

async function main() {
  const config = loadConfig();
  const log = createLogger({ service: 'command-api' }, config.LOG_LEVEL);
  const storage = await openStorage(storageConfigOf(config));
  const auth = createAuth({
    documents: storage.documentStore,
    sessionSecret: config.SESSION_SECRET,
    secureCookies: secureCookiesOf(config.SECURE_COOKIES),
  });
  await auth.init();
  const integrations = createIntegrations(config, config.BLOB_DIR);
  log.info('integrations', { ai: integrations.ai.info, mail: integrations.mail.provider, blobDir: config.BLOB_DIR });
  const http = { trustProxy: config.TRUST_PROXY, publicOrigin: config.PUBLIC_ORIGIN };
  const api = createCommandApi({ eventStore: storage.eventStore, auth, log, documents: storage.documentStore, http, ...integrations });
  if (config.ATS_ADMIN_EMAIL && config.ATS_ADMIN_PASSWORD) {
    const { created } = await ensureAdmin(api.deps, { email: config.ATS_ADMIN_EMAIL, password: config.ATS_ADMIN_PASSWORD });
    if (created) log.info('admin created', { email: config.ATS_ADMIN_EMAIL });
  }
  const server = createServer(api.app.callback());
  server.listen(config.PORT, () => log.info('command-api listening', { port: config.PORT }));
  const stop = async () => {
    server.close();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write((error instanceof ConfigError ? error.message : `Failed to start: ${error?.stack ?? error}`) + '\n');
  process.exit(1);
});
