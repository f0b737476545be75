import { defineProject } from 'vitest/config';
import { serverProjects } from './vitest.config.ts';

// The server tests that exercise the surveys' validity rules, for
// `pnpm test:mutation` (stryker.config.mjs, MUTATION_SCOPE=surveys or server): pure, fast tests
// (no database). designer.test.ts checks the same rules through HTTP and is left out.
const server = serverProjects[0]!.test!;
export default defineProject({
  test: {
    ...server,
    name: 'server-surveys',
    testTimeout: 60_000,
    include: ['test/surveys/validity.test.ts'],
  },
});
