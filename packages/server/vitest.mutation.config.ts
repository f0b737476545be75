import { mergeConfig } from 'vitest/config';
import server from './vitest.config.ts';

// The server tests that exercise the auth service, for `pnpm test:mutation` (stryker.config.mjs):
// Stryker runs only the tests that cover each mutant, so the rest of the suite is left out.
// Mutants run instrumented on a loaded machine: the tests get more time.
const project = mergeConfig(server, { test: { name: 'server-auth', testTimeout: 120_000 } });
// mergeConfig would append to the suite's `include`: replace it.
project.test!.include = ['test/auth-*.test.ts', 'test/units.test.ts'];
export default project;
