// The server the end-to-end journeys run against: the real application (the same modules and
// start-up sequence as packages/server/src/main.ts) on a fresh DATA_DIR, plus the journeys'
// own accounts (tests/support/accounts.ts), inserted before the server listens.
// Started by tests/playwright.config.ts (webServer) with PORT, DATA_DIR and APP_URL set.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '@anaquel/server/src/app.ts';
import { hashPassword } from '@anaquel/server/src/auth/passwords.ts';
import { createDatabase } from '@anaquel/server/src/db/client.ts';
import { profiles, users } from '@anaquel/server/src/db/schema/index.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import { SAMPLE_ZIP_FILE } from '@anaquel/server/src/seed/master-data.ts';
import { importZipCodeFile } from '@anaquel/server/src/zipcodes/import.ts';
import { extraAccounts } from './accounts.ts';

const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : '';
const runDir = path.dirname(dataDir);
const runsDir = path.dirname(runDir);
if (!dataDir || path.basename(runsDir) !== '.data-e2e') {
  // This script deletes folders: refuse anything but .data-e2e/<run id>/data.
  throw new Error(`DATA_DIR must be .data-e2e/<run id>/data (got "${dataDir}")`);
}

// Earlier runs' folders (kept after a run for inspection) go once they are an hour old, so a
// run started meanwhile by another checkout's suite keeps its files; this run's database starts
// empty.
const staleBefore = Date.now() - 60 * 60 * 1000;
for (const entry of await readdir(runsDir)) {
  const entryPath = path.join(runsDir, entry);
  if (entry !== path.basename(runDir) && (await stat(entryPath)).mtimeMs < staleBefore) {
    await rm(entryPath, { recursive: true, force: true });
  }
}
await rm(dataDir, { recursive: true, force: true });

const loaded = loadConfig({
  ...process.env,
  // The journeys need the embedded database and the outbox, whatever the caller's shell exports.
  DATABASE_URL: '',
  SMTP_URL: '',
  // The demo data (master data, surveys and a week of visits made through the sync API) is what
  // the visit journeys review, as a newcomer's first start would show it.
  DEMO_DATA: 'true',
  HOST: '127.0.0.1',
});
// Every journey signs in from 127.0.0.1: the per-address sign-in limit (100 per 15 minutes for
// a real office) would be reached by a growing suite, so it is raised here; the lockouts and the
// per-account limits stay as in production (the server suite tests the limits themselves).
const config = {
  ...loaded,
  // The demo week has a few hundred visits: the map clusters beyond 20 in view, so the map's
  // journey sees both visits and clusters (the server suite tests the real limit).
  mapVisitsLimit: 20,
  authRateLimits: {
    ...loaded.authRateLimits,
    login: { perAddress: { ...loaded.authRateLimits.login.perAddress, max: 10_000 } },
    changePassword: {
      ...loaded.authRateLimits.changePassword,
      perAddress: { ...loaded.authRateLimits.changePassword.perAddress, max: 10_000 },
    },
  },
};
const database = await createDatabase(config);
await database.migrate();
await seed(database.db, config, { demo: true });
// The point-of-sale journey looks zip codes up: the synthetic SEPOMEX sample (docs/zipcodes.md).
await importZipCodeFile(database.db, SAMPLE_ZIP_FILE);

// The journeys' accounts hold a profile with no permission, so the shell shows them only what
// every signed-in user gets and the admin-only parts stay the admin's. Not the promoters' profile:
// a promoter signs in to the field app (/campo), not the back-office these journeys walk.
const [noPermissions] = await database.db
  .insert(profiles)
  .values({ name: 'Consulta e2e', description: 'Sin permisos: cuentas de los recorridos e2e' })
  .returning({ id: profiles.id });
if (!noPermissions) throw new Error("The journeys' profile was not created");
for (const account of extraAccounts) {
  const [name = account.completeName, ...lastName] = account.completeName.split(' ');
  await database.db.insert(users).values({
    name,
    lastName: lastName.join(' '),
    dateOfBirth: '1995-06-15',
    email: account.email,
    passwordHash: await hashPassword(account.password, config.passwordHashing),
    profileId: noPermissions.id,
  });
}

const app = await buildApp({ config, db: database.db });
let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await app.close();
  await app.services.mailer.flush();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.listen({ host: config.host, port: config.port });
process.stdout.write(`e2e server on ${config.appUrl} (DATA_DIR ${config.dataDir})\n`);
