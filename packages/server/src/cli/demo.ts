/**
 * Loads more demo visits through the sync code (docs/sync.md "Demo data") into the configured
 * database (PGlite in DATA_DIR, or DATABASE_URL):
 *
 *   pnpm demo --visits 100000 [--days 56] [--seed 7]
 *
 * Migrates and seeds first (the demo world included), then adds N visits spread over the last
 * `--days` days, in batches of 50 per promoter, with generated photos.
 */
import { parseArgs } from 'node:util';
import { createDatabase } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { createFileStorage } from '../files/create-storage.ts';
import { seed } from '../seed/index.ts';
import { ensureDemoWorld, generateDemoVisits } from '../seed/visits-demo.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      visits: { type: 'string', default: '1000' },
      days: { type: 'string', default: '56' },
      seed: { type: 'string' },
    },
  });
  const visits = Number(values.visits);
  const days = Number(values.days);
  if (!Number.isInteger(visits) || visits < 1 || !Number.isInteger(days) || days < 1) {
    process.stderr.write('Uso: pnpm demo --visits N [--days D] [--seed S]\n');
    return 2;
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  const storage = await createFileStorage(config);
  try {
    await database.exclusive(async () => {
      await database.migrate();
      await seed(database.db, config, { demo: true, storage });
    });
    await ensureDemoWorld(database.db, config);
    const started = Date.now();
    let last = 0;
    const stored = await generateDemoVisits(database.db, storage, {
      visits,
      days,
      seed: values.seed === undefined ? Date.now() : Number(values.seed),
      onProgress(done) {
        if (done - last >= 1000 || done === visits) {
          last = done;
          const rate = done / ((Date.now() - started) / 1000);
          process.stdout.write(`  ${done} visitas (${rate.toFixed(0)}/s)\n`);
        }
      },
    });
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `${stored} visitas guardadas en ${seconds.toFixed(1)} s (${(stored / seconds).toFixed(0)} visitas/s).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
