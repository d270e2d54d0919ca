import globals from 'globals';
import { browserSafe } from '@emu/eslint-config';

// Everything but the Node --import hook must run in a browser; the example is old CommonJS for Node 4.
export default [
  ...browserSafe.map((c) => (c.rules?.['no-restricted-imports'] ? { ...c, ignores: [...(c.ignores ?? []), 'src/register.ts'] } : c)),
  { files: ['src/register.ts'], languageOptions: { globals: { process: 'readonly' } } },
  {
    files: ['example/**/*.js'],
    languageOptions: { sourceType: 'commonjs', ecmaVersion: 5, globals: { ...globals.node } },
    rules: { 'no-var': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
];
