// `pnpm fuzz`: the long run of the contract fuzzer (test/fuzz/contract-fuzz.ts) on a fresh
// database: PGlite, or PostgreSQL with TEST_DATABASE_URL. Prints the figures and exits 1 on
// any failure. FUZZ_RUNS (per operation, default 120), FUZZ_SEED (default: the time) and
// FUZZ_OPERATIONS (operationIds separated by commas; default: every operation). Then the import
// operations are fed hostile files for every resource and relation (test/fuzz/imports.ts).
import { fuzzContract } from './contract-fuzz.ts';
import { fuzzImports } from './imports.ts';
import { FUZZ_APP_CONFIG, fuzzSession } from './session.ts';
import { createTestApp, createUser } from '../helpers.ts';
import { listOperations } from '../../src/http/contract.ts';

const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 120);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
const operationIds = process.env.FUZZ_OPERATIONS?.split(',').map((id) => id.trim());
const operations = operationIds?.length ?? listOperations().length;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite';
console.log(
  `fuzzing ${operations} operations x ${runsPerOperation} requests, seed ${seed}, on ${database}`,
);

const t = await createTestApp({ config: FUZZ_APP_CONFIG });
const session = await fuzzSession(t.app, t.db);
const stats = await fuzzContract({
  app: t.app,
  token: session.token,
  rolesOf: session.rolesOf,
  seedBodies: session.seedBodies,
  operationIds,
  runsPerOperation,
  seed,
  async afterRequest(count) {
    await session.afterRequest(count);
    if (count % 1000 === 0) console.log(`  ${count} requests`);
  },
});
// Then the imports fed hostile files shaped like each resource's own (test/fuzz/imports.ts).
const imports = await fuzzImports({ app: t.app, db: t.db, operationIds });
stats.failures.push(...imports.failures);
// The process is still healthy afterwards: health, and sign-in of a user the fuzzer never saw
// (a caller holds every permission and may have changed the administrator's password).
const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
const fresh = await createUser(t.db, t.config, []);
const signIn = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { username: fresh.email, password: fresh.password },
});
await t.close();

const seconds = stats.durationMs / 1000;
console.log(
  `\n${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)}/s)`,
);
console.log(
  'statuses:',
  Object.entries(stats.byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', '),
);
for (const [role, figures] of Object.entries(stats.byRole)) {
  const statuses = Object.entries(figures.byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `  as ${role}: ${figures.operations} operations, ${figures.requests} requests (${statuses})`,
  );
}
console.log(
  `imports: ${imports.operations} operations, ${imports.files} hostile files, ${imports.requests} requests (${Object.entries(
    imports.byStatus,
  )
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')})`,
);
console.log(`afterwards: health ${health.statusCode}, sign-in ${signIn.statusCode}`);
const byProblem = new Map<string, number>();
for (const failure of stats.failures) {
  const key = `${failure.operationId}: ${failure.problem.slice(0, 120)}`;
  byProblem.set(key, (byProblem.get(key) ?? 0) + 1);
}
console.log(`failures: ${stats.failures.length}`);
for (const [key, count] of byProblem) console.log(`  ${count} x ${key}`);
for (const failure of stats.failures.slice(0, 10)) console.log(JSON.stringify(failure));
process.exit(
  stats.failures.length === 0 && health.statusCode === 200 && signIn.statusCode === 200 ? 0 : 1,
);
