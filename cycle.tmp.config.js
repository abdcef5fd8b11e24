import { defineConfig, globalIgnores } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
export default defineConfig([
  globalIgnores(['**/node_modules/**', '**/dist/**']),
  importX.flatConfigs.typescript,
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, 
    rules: { 'import-x/no-cycle': ['error'] } },
]);
