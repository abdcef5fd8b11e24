import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';
import { describe, expect, it } from 'vitest';

/**
 * ReDoS guard: every regular expression in the server code (packages/* and services/*, tests
 * excluded) must run in linear time, because user text (resumes, notes, file names, queries)
 * reaches them on the event loop or in a worker with a time limit. A super-linear pattern that
 * comes back fails here with the file, line and the rule's explanation.
 */
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'e2e', 'coverage']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.includes('.test.') && !entry.name.endsWith('.d.ts')) out.push(join(dir, entry.name));
  }
  return out;
}

const RULES: Linter.RulesRecord = {
  'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
  'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
  'regexp/no-dupe-disjunctions': ['error', { report: 'interesting', reportExponentialBacktracking: 'potential' }],
  'regexp/no-misleading-unicode-character': 'error',
};

const config: Linter.Config[] = [
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: { parser: tsParser as Linter.Parser, ecmaVersion: 'latest', sourceType: 'module' },
    // the sources carry directives for the project's other rules (e.g. no-control-regex); only ReDoS counts here
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { regexp: regexp as unknown as NonNullable<Linter.Config['plugins']>[string] },
    rules: RULES,
  },
];

function lint(files: string[]): string[] {
  const linter = new Linter({ configType: 'flat' });
  const problems: string[] = [];
  for (const file of files) {
    const name = relative(root, file);
    for (const m of linter.verify(readFileSync(file, 'utf8'), config, name))
      problems.push(`${name}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`);
  }
  return problems;
}

describe('regular expressions in server code', () => {
  const dirs = ['packages', 'services'].flatMap((top) =>
    readdirSync(join(root, top), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(root, top, d.name)),
  );
  const files = dirs.flatMap(sourceFiles);

  it('finds the sources it must check', () => {
    expect(files.some((f) => f.endsWith(join('packages', 'ai', 'src', 'parse-resume.ts')))).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it('have no super-linear backtracking or moves (ReDoS)', () => {
    expect(lint(files)).toEqual([]);
  }, 120_000);

  it('the check catches a quadratic and an exponential pattern', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(
      'export const a = /(\\d+)\\s*\\+?\\s*years/; export const b = /^(a|a)*$/; export const c = /\\s+$/;',
      config,
      'probe.ts',
    );
    const rules = new Set(messages.map((m) => m.ruleId));
    expect(rules.has('regexp/no-super-linear-move') || rules.has('regexp/no-super-linear-backtracking')).toBe(true);
    expect(rules.has('regexp/no-dupe-disjunctions') || rules.has('regexp/no-super-linear-backtracking')).toBe(true);
  });
});
