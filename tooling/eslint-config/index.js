// Shared flat config. `base` for every package; `browserSafe` adds the rule that keeps the
// emulator packages free of Node built-ins (they must run unchanged in a browser).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export const base = tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', '.turbo/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-bitwise': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.bench.ts', 'scripts/**', '**/*.mjs', '**/*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS scripts that old Node binaries run as they are (e.g. the battery's stream emitter).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'util', 'buffer', 'child_process', 'worker_threads', 'process'];

export const browserSafe = [
  ...base,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/*.bench.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: nodeBuiltins, message: 'emulator packages must run in a browser: no Node built-ins' }] }],
      'no-restricted-globals': ['error', { name: 'process', message: 'no Node globals in emulator packages' }, { name: 'Buffer', message: 'no Node globals in emulator packages' }],
    },
  },
];

export default base;
