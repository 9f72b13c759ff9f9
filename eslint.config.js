// @ts-check
import tseslint from 'typescript-eslint';

/** The architecture's import boundaries (docs/architecture.md), enforced. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});
const ours = ['**/service/**', '**/sdk/**', '**/cli/**', '**/main/**', '**/preload/**', '**/renderer/**'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/shared/**'], rules: forbid(ours, 'src/shared is the contract: it imports nothing of ours') },
  {
    files: ['src/service/**'],
    rules: forbid(
      ['**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**'],
      'the service never imports a client face',
    ),
  },
  {
    files: ['src/sdk/**'],
    rules: forbid(
      ['**/service/**', '**/main/**', '**/renderer/**', '**/cli/**'],
      'the SDK stands on src/shared only',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: forbid(
      ['node:*', '**/main/**', '**/service/**'],
      'the renderer has no Node built-ins and no main-process code',
    ),
  },
  {
    files: ['src/main/services/**'],
    rules: forbid(['electron'], 'src/main/services runs in plain Node: only src/main/*.ts imports electron'),
  },
);
