import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_RECRUITERS,
  createIntegrations,
  demoStoryStart,
  ensureAdmin,
  generatePassword,
  loadDemoData,
} from '@ats/command-api';
import { ConfigError, createLogger, onShutdownSignal, secureCookiesOf } from '@ats/http-kit';
import { warmWorkPool } from '@ats/ai';
import { generateSigningKeyPem } from '@ats/storage';
import { loadConfig } from './config';
import { startStandalone } from './server';
import { ADMIN_TOKEN_FILE, writeAdminToken, writeServerFile } from './ops/online-backup';
import { StartupStop, upgradeCheck } from './ops/upgrade';

/** Reads a generated secret from the data dir, creating it on first start. */
function persisted(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return value;
}

function repoRoot(): string {
  // dist/main.js or src/main.ts → services/standalone → repo root
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}

const dryRun = process.argv.includes('--dry-run');

async function main() {
  const config = loadConfig();
  const log = createLogger({ service: 'standalone' }, config.LOG_LEVEL);
  const dataDir = resolve(config.ATS_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const sessionSecret = config.SESSION_SECRET ?? persisted(join(dataDir, 'session-secret'), () => randomBytes(32).toString('base64url'));

  // the installation's Ed25519 key: signs the event log's checkpoints and exports
  const signingKey = config.ATS_SIGNING_KEY ?? persisted(join(dataDir, 'signing-key.pem'), generateSigningKeyPem);

  let admin: { email: string; password: string; demo: boolean };
  if (config.ATS_ADMIN_EMAIL && config.ATS_ADMIN_PASSWORD)
    admin = { email: config.ATS_ADMIN_EMAIL, password: config.ATS_ADMIN_PASSWORD, demo: false };
  else {
    const password = persisted(join(dataDir, 'demo-admin-password'), generatePassword);
    admin = { email: DEMO_ADMIN_EMAIL, password, demo: true };
  }

  const blobDir = join(dataDir, 'blobs');
  const integrations = createIntegrations(config, blobDir);
  log.info('integrations', { ai: integrations.ai.info, mail: integrations.mail.provider, blobDir });

  void warmWorkPool();
  const started = Date.now();
  const app = await startStandalone({
    ai: integrations.ai,
    mail: integrations.mail,
    blobDir,
    teamName: integrations.teamName,
    port: config.PORT,
    dataDir: join(dataDir, 'pglite'),
    sharedBuffers: config.ATS_PGLITE_SHARED_BUFFERS,
    sessionSecret,
    signingKey,
    webDir: config.ATS_WEB_DIR ? resolve(config.ATS_WEB_DIR) : join(repoRoot(), 'web', 'dist'),
    log,
    http: { trustProxy: config.TRUST_PROXY, publicOrigin: config.PUBLIC_ORIGIN },
    secureCookies: secureCookiesOf(config.SECURE_COOKIES),
    backup: { token: writeAdminToken(dataDir), dataDir },
    backupDir: config.ATS_BACKUP_DIR ? resolve(config.ATS_BACKUP_DIR) : join(dataDir, 'backups'),
    metricsToken: config.METRICS_TOKEN,
    // what this version does to the data, before serving; --dry-run prints it and stops
    beforeServing: async (storage) => {
      await upgradeCheck(storage, { dryRun, print: (line) => process.stdout.write(`  ${line}\n`) }).catch((error: unknown) => {
        rmSync(join(dataDir, ADMIN_TOKEN_FILE), { force: true }); // no server will serve this start
        throw error;
      });
    },
    demoHint: admin.demo ? `Demo sign-in: ${admin.email} / ${admin.password}` : null,
  });
  // where `npm run backup` finds this server (removed at shutdown)
  const unpublish = writeServerFile(dataDir, app.url.replace('//localhost:', '//127.0.0.1:'));
  const stopPurging = app.commandApi.deps.sessions.startPurging({ onError: (error) => log.error('session purge failed', { err: error }) });
  // on a first start with the demo, its admin did the demo's months of work: the account dates from
  // the demo story's start, so the log reads in order of time from its first event
  const firstStart = (await app.commandApi.deps.accounts.count()) === 0;
  const { created, userId } = await ensureAdmin(
    app.commandApi.deps,
    { email: admin.email, password: admin.password },
    { registeredAt: config.ATS_DEMO_DATA && firstStart ? demoStoryStart() : undefined },
  );

  // the demo recruiters' password, kept beside the demo admin's when this data dir's demo agency was loaded with one
  const recruiterPasswordFile = join(dataDir, 'demo-recruiter-password');
  let recruiterPassword = existsSync(recruiterPasswordFile) ? readFileSync(recruiterPasswordFile, 'utf8').trim() : null;
  if (config.ATS_DEMO_DATA && userId) {
    const account = await app.commandApi.deps.accounts.get(userId);
    const actor = { id: userId, name: account ? `${account.firstName} ${account.lastName}` : 'Admin', role: 'admin' };
    const fresh = generatePassword();
    const report = await loadDemoData(app.commandApi.deps, actor, (msg) => log.info('loading demo data', { progress: msg }), {
      recruiterPassword: fresh,
    });
    if (report.loaded) {
      log.info('demo data loaded', { ...report });
      writeFileSync(recruiterPasswordFile, fresh + '\n', { mode: 0o600 });
      recruiterPassword = fresh;
    }
  }

  const line = '─'.repeat(60);
  process.stdout.write(
    [
      '',
      line,
      `  TalentFlow ATS is running at ${app.url.replace('localhost', 'localhost')}  (ready in ${Date.now() - started} ms)`,
      `  Data: ${dataDir}`,
      `  Sign in as: ${admin.email}`,
      admin.demo ? `  Password:   ${admin.password}` : `  Password:   (from ATS_ADMIN_PASSWORD)`,
      created ? '  (admin account created now)' : '',
      recruiterPassword ? `  Demo recruiters: ${DEMO_RECRUITERS.map((r) => r.email).join(', ')}` : '',
      recruiterPassword ? `  Their password: ${recruiterPassword}  (an admin resets anyone's on the Team screen)` : '',
      line,
      '',
    ]
      .filter((l) => l !== '')
      .join('\n') + '\n',
  );

  onShutdownSignal(
    async () => {
      unpublish();
      await stopPurging();
      // sockets, HTTP server, maintenance, projector, then the stores
      await app.close();
    },
    { log },
  );
}

main().catch((error) => {
  if (error instanceof StartupStop) {
    process.stdout.write(error.message + '\n');
    process.exit(error.exitCode);
  }
  if (error instanceof ConfigError) process.stderr.write(error.message + '\n');
  else process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
