import { defineConfig } from 'vitest/config';

// The projects `pnpm test:mutation` (stryker.config.mjs) runs against the mutated modules: the
// api package's tests, the server's auth tests and its surveys' validity tests. Not
// part of `pnpm test`. MUTATION_SCOPE=api or server keeps one side; surveys keeps only the
// surveys' tests (a subset of server).
const scope = process.env.MUTATION_SCOPE ?? 'all';

export default defineConfig({
  test: {
    projects: [
      ...(scope === 'server' || scope === 'surveys'
        ? []
        : [
            {
              extends: './packages/api/vitest.config.ts',
              // Mutants run on a loaded machine: the api's timing tests get more room.
              test: { root: 'packages/api', testTimeout: 30_000 },
            },
          ]),
      ...(scope === 'api' || scope === 'surveys'
        ? []
        : ['packages/server/vitest.mutation.config.ts']),
      ...(scope === 'api' ? [] : ['packages/server/vitest.mutation-surveys.config.ts']),
    ],
  },
});
