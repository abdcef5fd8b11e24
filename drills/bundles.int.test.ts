import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Production runs each service as its esbuild bundle with npm packages left external (scripts/build.mjs):
// every package a bundle imports must be a dependency of that service, or the service does not start
// (it once shipped without `archiver` and `csv-parse`). `npm test` builds before the suites run.

const root = join(import.meta.dirname, '..');
const services = readdirSync(join(root, 'services')).filter((name) => existsSync(join(root, 'services', name, 'package.json')));

/** the npm packages a bundle imports: static `import … from "x"` and dynamic `import("x")` */
function importedPackages(bundle: string): string[] {
  const names = new Set<string>();
  const add = (specifier: string) => {
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    if (!builtinModules.includes(name)) names.add(name);
  };
  for (const line of bundle.split('\n')) {
    const fromClause = /^import\s[^;]*?\sfrom\s"([^"]+)";$/.exec(line) ?? /^import\s"([^"]+)";$/.exec(line);
    if (fromClause) add(fromClause[1]!);
  }
  for (const match of bundle.matchAll(/\bimport\("([^"]+)"\)/g)) add(match[1]!);
  return [...names].sort();
}

describe('the production bundles', () => {
  for (const service of services) {
    const dir = join(root, 'services', service);
    const bundle = join(dir, 'dist', 'main.js');
    it(`${service}: every npm package its bundle imports is its own dependency, installed`, () => {
      if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run node scripts/build.mjs first`);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      const imported = importedPackages(readFileSync(bundle, 'utf8'));
      expect(imported.length).toBeGreaterThan(0);
      const notDependencies = imported.filter((name) => !manifest.dependencies?.[name]);
      expect(notDependencies, `imported by services/${service}/dist/main.js but not in its dependencies`).toEqual([]);
      const notInstalled = imported.filter((name) => !existsSync(join(dir, 'node_modules', name, 'package.json')));
      expect(notInstalled, `not installed under services/${service}/node_modules`).toEqual([]);
    });
  }
});
