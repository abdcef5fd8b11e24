// npm start: install when missing, build, and run the standalone server (embedded store).
import { log, ensureInstalled, root, run, serverLaunch } from './lib.mjs';
import { join } from 'node:path';

ensureInstalled();
const { buildServices, buildWeb } = await import('./build.mjs');
log('building…');
await buildServices();
const webCode = await buildWeb();
if (webCode !== 0) process.exit(webCode);
const launch = serverLaunch();
const code = await run(process.execPath, [...launch.nodeArgs, join(root, 'services', 'standalone', 'dist', 'main.js')], {
  env: launch.env,
});
process.exit(code);
