import { defineConfig } from 'vitest/config';

// The projects `pnpm test:mutation` (stryker.config.mjs) runs against the mutated modules: the
// api package's tests and the server's auth tests. Not part of `pnpm test`. MUTATION_SCOPE=api or
// server keeps one side.
const scope = process.env.MUTATION_SCOPE ?? 'all';

export default defineConfig({
  test: {
    projects: [
      ...(scope === 'server'
        ? []
        : [
            {
              extends: './packages/api/vitest.config.ts',
              // Mutants run on a loaded machine: the api's timing tests get more room.
              test: { root: 'packages/api', testTimeout: 30_000 },
            },
          ]),
      ...(scope === 'api' ? [] : ['packages/server/vitest.mutation.config.ts']),
    ],
  },
});
