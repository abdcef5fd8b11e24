import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
 * longer ride into the entry chunk. The schemas a screen does import by name (its form's)
 * still come in, where that screen is.
 *
 * The app's `import { … } from '@ats/contracts'` is split at build time: every name that is
 * plain data (the stage lists, labels, messages, the table above) comes from one module of
 * literals, every other (schemas, functions) straight from the file that defines it. A bundler
 * places a module in the entry chunk when the entry uses any of it; so the entry's use of a
 * constant no longer brings along the file's form schemas (and zod) that only a lazy screen uses.
 */
function browserContracts(): Plugin {
  const PLAIN = 'virtual:ats-contracts-plain';
  const RESOLVED_PLAIN = `\0${PLAIN}`;
  const contractsSrc = fileURLToPath(new URL('../packages/contracts/src/', import.meta.url));
  let table = '';
  let plainModule = '';
  const plainNames = new Set<string>();
  const origin = new Map<string, string>();
  const isPlain = (value: unknown): boolean => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
    if (typeof value === 'number') return Number.isFinite(value);
    if (Array.isArray(value)) return value.every(isPlain);
    if (typeof value !== 'object') return false;
    const proto = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlain);
  };
  return {
    name: 'ats-browser-contracts',
    apply: 'build',
    // before Vite's own resolver takes `@ats/contracts` to the package's index
    enforce: 'pre',
    async buildStart() {
      // the real table, loaded through Vite's module runner (it is TypeScript source)
      const index = join(contractsSrc, 'index.ts');
      const { module } = await runnerImport<Record<string, unknown>>(index);
      const { contracts } = module as unknown as typeof import('@ats/contracts');
      const plain = Object.fromEntries(
        Object.entries(contracts).map(([key, c]) => [
          key,
          { name: c.name, method: c.method, path: c.path, status: c.status, roles: c.roles },
        ]),
      );
      table = JSON.stringify(plain);
      // where each export is defined: the files the index re-exports (`export * from './x'`),
      // and the files those re-export in turn (endpoints/tasks.ts re-exports task-due.ts: the
      // task rows' due labels took the tasks' schemas, and zod, with `taskDueState`)
      const reExported = async (file: string) => {
        const source = await readFile(file, 'utf8');
        for (const [, spec] of source.matchAll(/^export \* from '(\.[^']+)';$/gm)) {
          const child = join(dirname(file), `${spec}.ts`);
          await reExported(child);
        }
        // a name a file re-exports is already taken by the file below it
        if (file !== index) {
          const { module: part } = await runnerImport<Record<string, unknown>>(file);
          for (const name of Object.keys(part)) if (!origin.has(name)) origin.set(name, file);
        }
      };
      await reExported(index);
      const lines = [`export const contracts = ${table};`];
      plainNames.add('contracts');
      for (const [name, value] of Object.entries(module)) {
        if (name === 'contracts') continue;
        if (isPlain(value)) {
          lines.push(`export const ${name} = ${JSON.stringify(value)};`);
          plainNames.add(name);
        } else if (!origin.has(name)) origin.set(name, index);
      }
      plainModule = lines.join('\n');
    },
    resolveId(source) {
      if (source === PLAIN) return RESOLVED_PLAIN;
    },
    load(id) {
      if (id === RESOLVED_PLAIN) return plainModule;
    },
    transform(code, id) {
      // the app's own imports (TypeScript source: this runs before the types are stripped)
      if (/[\\/]web[\\/]src[\\/][^?]*\.tsx?$/.test(id) && code.includes("from '@ats/contracts'"))
        return { code: splitContractsImports(code, id, plainNames, origin, PLAIN), map: null };
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/.test(id)) return;
      const declaration = /export const contracts = \{[^}]*\};/;
      if (!declaration.test(code)) throw new Error(`${id}: no \`export const contracts = {…};\` to replace`);
      return { code: code.replace(declaration, `export const contracts = ${table};`), map: null };
    },
  };
}

/** `import { A, B, type C } from '@ats/contracts'` → A from the literals, B from its own file. */
function splitContractsImports(code: string, id: string, plain: Set<string>, origin: Map<string, string>, plainModule: string) {
  return code.replace(/^import \{([^}]*)\} from '@ats\/contracts';$/gm, (_all, list: string) => {
    const types: string[] = [];
    const literal: string[] = [];
    const byFile = new Map<string, string[]>();
    for (const raw of list.split(',')) {
      const spec = raw.trim();
      if (!spec) continue;
      if (spec.startsWith('type ')) {
        types.push(spec.slice(5));
        continue;
      }
      const name = spec.split(' ')[0]!; // `A` or `A as B` (formatted: single spaces)
      if (plain.has(name)) literal.push(spec);
      else {
        const file = origin.get(name);
        if (!file) throw new Error(`${id}: '@ats/contracts' has no export ${name}`);
        byFile.set(file, [...(byFile.get(file) ?? []), spec]);
      }
    }
    const out: string[] = [];
    if (types.length) out.push(`import type { ${types.join(', ')} } from '@ats/contracts';`);
    if (literal.length) out.push(`import { ${literal.join(', ')} } from '${plainModule}';`);
    for (const [file, specs] of byFile) out.push(`import { ${specs.join(', ')} } from ${JSON.stringify(file)};`);
    return out.join(' ');
  });
}

/**
 * The contracts' and events' module-level values are pure (B8): schemas built with zod's
 * chained calls (`z.object({…}).extend(…)`, `.refine(…)`) and tables derived from them
 * (`Object.keys(registry)`). The tree-shaker cannot know that a chained method call or
 * `Object.keys` has no side effects, so it kept every such schema (and all of zod) in the entry
 * chunk even when nothing in the app read it. This wraps each top-level initializer that makes
 * a call in an IIFE marked `@__PURE__`: unused, it drops out; used, it runs as before.
 */
function pureContractValues(): Plugin {
  const packageSource = /[\\/]packages[\\/](contracts|events)[\\/]src[\\/].*\.ts$/;
  const makesCall = /[\w$)\]]\s*\(/;
  return {
    name: 'ats-pure-contract-values',
    apply: 'build',
    transform(code, id) {
      if (!packageSource.test(id)) return;
      const program = this.parse(code);
      const spans: Array<[number, number]> = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (!init || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') continue;
          const { start, end } = init as unknown as { start: number; end: number };
          if (makesCall.test(code.slice(start, end))) spans.push([start, end]);
        }
      }
      // nor does a module of theirs do anything on load: one the app takes nothing from is left out
      if (spans.length === 0) return { code, map: null, moduleSideEffects: false };
      let out = code;
      for (const [start, end] of spans.reverse())
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * The modules that carry a heavy library a screen may not need at load (B8): the forms (zod,
 * react-hook-form and its resolvers) and the boards' drag and drop (dnd-kit), each with every
 * module that imports it, directly or not. Found once the module graph is complete; the chunk
 * groups below read the sets, so the screens' shared chunk never drags such a library in.
 */
const libraryUsers = { forms: new Set<string>(), boards: new Set<string>() };
/**
 * The modules the dashboard's screen imports at load, directly or not (B8): the screen the app
 * opens after sign-in. What of them other screens share goes in a chunk of its own, so the
 * dashboard loads only that, not the whole shared chunk of the screens.
 */
const dashboardModules = new Set<string>();
function libraryGraph(): Plugin {
  const libraries: Record<keyof typeof libraryUsers, RegExp> = {
    forms: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
    boards: /node_modules[\\/]@dnd-kit[\\/]/,
  };
  return {
    name: 'ats-library-graph',
    apply: 'build',
    buildEnd() {
      const importers = new Map<string, string[]>();
      for (const id of this.getModuleIds()) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) importers.set(imported, [...(importers.get(imported) ?? []), id]);
      }
      dashboardModules.clear();
      const dashboard = [...this.getModuleIds()].filter((id) => /[\\/]src[\\/]routes[\\/]dashboard\.lazy\.tsx$/.test(id));
      for (const id of dashboard) {
        if (dashboardModules.has(id)) continue;
        dashboardModules.add(id);
        dashboard.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry's static closure loads at start, so none of it uses the libraries for real: it
      // reaches zod only through contract files whose schemas the tree-shaker drops (realtime.ts
      // imports read-models.ts). Counting such an edge made every screen module that imports the
      // realtime hooks a "form" user, and so part of the forms' chunk.
      const initial = new Set<string>();
      const fromEntry = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (const id of fromEntry) {
        if (initial.has(id)) continue;
        initial.add(id);
        fromEntry.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const [name, library] of Object.entries(libraries) as Array<[keyof typeof libraryUsers, RegExp]>) {
        const users = libraryUsers[name];
        users.clear();
        const queue = [...this.getModuleIds()].filter((id) => library.test(id));
        for (const id of queue) {
          if (users.has(id)) continue;
          users.add(id);
          queue.push(...(importers.get(id) ?? []).filter((importer) => !initial.has(importer)));
        }
      }
    },
  };
}

/**
 * The offline verifier (`scripts/verify-log.mjs`, plain Node.js, no dependencies) beside the app
 * as `verify-log.mjs`: the Audit screen's Export menu offers it with the export, so a client's
 * own auditor can check the file without access to the server or this repository.
 */
function offlineVerifier(): Plugin {
  const source = fileURLToPath(new URL('../scripts/verify-log.mjs', import.meta.url));
  return {
    name: 'ats-offline-verifier',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'verify-log.mjs', source: await readFile(source, 'utf8') });
    },
  };
}

export default defineConfig({
  plugins: [react(), firstScreens(), browserContracts(), pureContractValues(), libraryGraph(), offlineVerifier()],
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
            // B8: what two or more lazy screens share went out as about 60 files under 2 KB each
            // (Joy's components, icons, small app parts): the pipeline preloaded 29 files before
            // its first card, a candidate's page 62. Now three groups, each one file, each only
            // with the modules two or more screens share (a screen's own stay in its chunk):
            // - what a form needs (zod, react-hook-form, the contracts' schemas, the form parts),
            //   loaded where a form is shown at load, not by a screen whose forms open later;
            // - the boards (dnd-kit and the board parts): the pipeline and a job's page;
            // - the rest. The first two take only their own modules, not what those import (it
            //   goes to the shared chunk), so a screen that loads the shared chunk loads no more.
            { name: 'forms', minShareCount: 2, includeDependenciesRecursively: false, test: (id) => libraryUsers.forms.has(id) },
            {
              name: 'boards',
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: (id) => libraryUsers.boards.has(id) && !libraryUsers.forms.has(id),
            },
            // - of the rest, what the dashboard loads (the screen after sign-in) in a chunk of its
            //   own: the dashboard then loads that, not all of the screens' shared modules.
            {
              name: 'dashboard-shared',
              minShareCount: 2,
              test: (id) => dashboardModules.has(id) && !libraryUsers.forms.has(id) && !libraryUsers.boards.has(id),
            },
            { name: 'screens', minShareCount: 2, test: (id) => !libraryUsers.forms.has(id) && !libraryUsers.boards.has(id) },
          ],
        },
      },
    },
  },
});
