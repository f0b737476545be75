// Mutation testing, on demand (`pnpm test:mutation`, not in CI): Stryker changes the code of the
// core modules one small mutation at a time and runs the tests that cover it; a mutant that no
// test notices ("survived") is a behaviour nothing checks. Target: a score of 90% or more per
// file. Add a module by adding it to `mutate` (and its tests' project to vitest.mutation.config.ts).
// Stryker 9.6 (10 needs Node 22). Reports: reports/mutation/mutation.html and the console table.
const scope = process.env.MUTATION_SCOPE ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // MUTATION_SCOPE=api or server runs one side, surveys only the surveys' validity
  // (vitest.mutation.config.ts reads it too).
  mutate: [
    ...(scope === 'api' || scope === 'surveys' ? [] : ['packages/server/src/auth/service.ts']),
    ...(scope === 'api' ? [] : ['packages/server/src/surveys/validity.ts']),
    ...(scope === 'server' || scope === 'surveys'
      ? []
      : [
          'packages/api/src/refresh.ts',
          'packages/api/src/errors.ts',
          'packages/api/src/envelope.ts',
          ...['visibility', 'acceptance', 'scoring', 'model'].map(
            (file) => `packages/api/src/survey-engine/${file}.ts`,
          ),
        ]),
  ],
  // Only what the tests need is copied to the sandbox.
  ignorePatterns: [
    '/*',
    '!/packages',
    '!/openapi',
    '!/vitest.mutation.config.ts',
    '!/tsconfig.base.json',
    '!/package.json',
    '/packages/app',
    '/packages/ui',
    '**/dist',
    '**/build',
    // The bundled contract the server reads at start.
    '!/openapi/dist',
  ],
  // Two shared cores: one test process at a time.
  concurrency: 1,
  timeoutMS: 60_000,
  // The server's auth tests take minutes under coverage on a loaded machine.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 90, low: 80, break: null },
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
