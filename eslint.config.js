// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import anaquel from './scripts/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'data/**',
      '**/generated/**',
      'test-results/**',
      'playwright-report/**',
      '**/.data-*/**',
      // Stryker's sandboxes and reports (`pnpm test:mutation`).
      '.stryker-tmp*/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'packages/app/**/*.{ts,tsx}',
      'packages/api/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // ARCHITECTURE §1: ui imports nothing of ours, features do not import each other, the server
    // imports only the contract's types and keeps its layers; no import cycles anywhere.
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/*/test/**/*.{ts,tsx}'],
    plugins: { anaquel },
    rules: {
      'anaquel/package-boundaries': 'error',
      'anaquel/server-layers': 'error',
      'anaquel/no-import-cycles': 'error',
    },
  },
  {
    files: ['bench/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { anaquel },
    rules: { 'anaquel/no-import-cycles': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
