// npm start: install when missing, build, and run the standalone server (embedded store).
import { log, ensureInstalled, root, run } from './lib.mjs';
import { join } from 'node:path';

ensureInstalled();
const { buildServices, buildWeb } = await import('./build.mjs');
log('building…');
await buildServices();
const webCode = await buildWeb();
if (webCode !== 0) process.exit(webCode);
const code = await run(process.execPath, ['--enable-source-maps', join(root, 'services', 'standalone', 'dist', 'main.js')], {
  env: process.env,
});
process.exit(code);
