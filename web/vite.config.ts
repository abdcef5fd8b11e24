import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin, type ProxyOptions } from 'vite';

// The API and Socket.IO live on the same origin in production; in dev and preview the Vite
// server forwards them to the standalone server. The Host header is kept (no changeOrigin) so
// the server's same-origin check on state-changing requests sees the browser's origin.
const apiTarget = process.env.ATS_API_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget },
  '/socket.io': { target: apiTarget, ws: true },
};

/**
 * The first screens (B8):
 * - fills in `boot.js`'s table of each screen's lazy chunk with the chunks only it imports (and
 *   its CSS), so boot.js preloads the opened screen's code beside the entry instead of after it;
 * - writes `file.br` and `file.gz` beside each text file of the build (the static server sends
 *   the one the browser accepts): compressed once at build time at the highest levels, not per
 *   request. A variant that would not be smaller is not written.
 */
function firstScreens(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  let routeChunks: Record<string, string[]> = {};
  return {
    name: 'ats-first-screens',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const closure = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || chunk?.type !== 'chunk') return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) closure(imported, into);
      };
      const initial = new Set<string>();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) closure(chunk.fileName, initial);
      routeChunks = {};
      for (const chunk of Object.values(bundle)) {
        const route = chunk.type === 'chunk' && /[\\/]src[\\/]routes[\\/]([\w-]+)\.lazy\.tsx$/.exec(chunk.facadeModuleId ?? '');
        if (!route) continue;
        const files = new Set<string>();
        closure(chunk.fileName, files);
        routeChunks[route[1]!] = [...files].filter((file) => !initial.has(file));
      }
    },
    async closeBundle() {
      const boot = join(outDir, 'boot.js');
      const placeholder = '{} /*__ATS_ROUTE_CHUNKS__*/';
      const source = await readFile(boot, 'utf8');
      if (!source.includes(placeholder)) throw new Error(`${boot} has no ${placeholder} to fill in`);
      await writeFile(boot, source.replace(placeholder, JSON.stringify(routeChunks)));
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(?:js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const raw = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${path}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * The browser's contracts (B8): the web app calls an endpoint by its contract (`callContract`)
 * and reads only its method and path; it never validates a reply (they come from our own
 * server, which validates every request against the full contract). So the web build replaces
 * the `contracts` table of `@ats/contracts` with its plain data (name, method, path, status,
 * roles), taken from the real contracts at build time: the zod schemas of every endpoint no
 * longer ride into the entry chunk. The schemas a screen does import by name (its form's or its
 * route search's) still come in, where that screen is.
 */
function browserContracts(): Plugin {
  let table = '';
  return {
    name: 'ats-browser-contracts',
    apply: 'build',
    async buildStart() {
      // the real table, loaded through Vite's module runner (it is TypeScript source)
      const { module } = await runnerImport<typeof import('@ats/contracts')>('@ats/contracts');
      const { contracts } = module;
      const plain = Object.fromEntries(
        Object.entries(contracts).map(([key, c]) => [
          key,
          { name: c.name, method: c.method, path: c.path, status: c.status, roles: c.roles },
        ]),
      );
      table = JSON.stringify(plain);
    },
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/.test(id)) return;
      const declaration = /export const contracts = \{[^}]*\};/;
      if (!declaration.test(code)) throw new Error(`${id}: no \`export const contracts = {…};\` to replace`);
      return { code: code.replace(declaration, `export const contracts = ${table};`), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), firstScreens(), browserContracts()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // zod's builders and defineContract have no side effects: a schema or contract nothing in
      // the app uses is dropped (with ats-browser-contracts, most endpoint schemas)
      treeshake: { manualPureFunctions: ['z', 'defineContract'] },
      output: {
        // Long-lived vendor chunks cache across deploys. No catch-all group: libraries only a
        // lazy screen uses (dnd-kit, react-hook-form, Joy's Select) must stay in that screen's chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            // B8: every other module the entry loads at start in one file, not two dozen small
            // shared chunks: over HTTP/1.1 (six connections) they queued the session check and
            // the screen's reads behind them
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
