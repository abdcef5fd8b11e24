// ESLint flat config for the whole monorepo (`npm run lint`, and a step of `npm test`).
// Syntax-only rules on purpose: typed linting costs minutes on two cores and `tsc` already
// typechecks every package, so nothing here needs type information.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'ai',
  'auth',
  'candidates',
  'clients',
  'dashboard',
  'email',
  'integrations',
  'jobs',
  'landing',
  'pipeline',
  'shell',
  'team',
];

/**
 * bulletproof-react's boundaries: a feature imports shared code (components/, hooks/, lib/)
 * and never another feature; routes (and app/) compose features.
 */
const featureZones = FEATURES.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'A feature may not import another feature: move the shared piece to components/, hooks/ or lib/, or let the route compose both.',
}));

/** Shared code sits below the features: it never imports one (that would hide a feature-to-feature import). */
const sharedZones = ['components', 'hooks', 'lib'].map((dir) => ({
  target: `./web/src/${dir}`,
  from: './web/src/features',
  message: 'Shared code (components/, hooks/, lib/) may not import a feature.',
}));

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/src/testing/**', '**/e2e/**', 'drills/**', 'bench/**'];

export default defineConfig([
  globalIgnores(['**/node_modules/**', '**/dist/**', 'data/**', 'web/public/**', '.vitest-report.json']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_` marks a parameter kept for its position (Koa middleware, array callbacks).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Type-only imports stay visible (tsconfig has verbatimModuleSyntax; this keeps the style).
      // `typeof import('x')` types a module that is loaded lazily, on first use.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic rules: the plugin's React Compiler rules assume a compiler we do not run.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      // no-cycle parses the imported files too: with TypeScript's parser, not espree
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // tsconfig paths (web's `@/*`) and the workspace packages' `exports`
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'web/tsconfig.json',
            'packages/*/tsconfig.json',
            'services/*/tsconfig.json',
            'drills/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Cycles make module initialisation order fragile (a `const` read before it is set).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
    },
  },
  {
    // Known exception, to be replaced by route composition: the dialogs that one feature opens
    // from another (the toolkit on a job card, e-mail on a candidate card) are code-split here.
    files: ['web/src/components/lazy-dialogs.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },

  // ReDoS: a regular expression over user input must not backtrack super-linearly.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: testFiles,
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },

  {
    files: testFiles,
    rules: {
      // Tests read untyped JSON replies and fake servers' bodies and assert on them field by field.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
]);
