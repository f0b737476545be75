import { defineProject } from 'vitest/config';
import { serverProjects } from './vitest.config.ts';

// The server tests that exercise the auth service, for `pnpm test:mutation` (stryker.config.mjs):
// Stryker runs only the tests that cover each mutant, so the rest of the suite is left out.
// Mutants run instrumented on a loaded machine: the tests get more time.
const server = serverProjects[0]!.test!;
export default defineProject({
  test: {
    ...server,
    name: 'server-auth',
    testTimeout: 120_000,
    include: ['test/auth-*.test.ts', 'test/units.test.ts'],
  },
});
