import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import { createFileStorage } from '../files/create-storage.ts';
import type { FileStorage } from '../files/storage.ts';
import { seedPlatform } from './platform.ts';
import { masterDataSeeder } from './master-data.ts';
import { demoVisitsSeeder } from './visits-demo.ts';
import type { DemoSeeder } from './types.ts';

/** Demo data for a fresh installation, run in this order. Append new seeders here. */
const demoSeeders: DemoSeeder[] = [
  // master data
  masterDataSeeder,
  // visits (through the sync code; after the surveys they answer)
  demoVisitsSeeder,
];

export interface SeedOptions {
  /** Run the demo seeders too (default: `config.demoData`). Tests start without demo data. */
  demo?: boolean;
  /** Defaults to the configured storage (`config.fileStorage`). */
  storage?: FileStorage;
}

/** The platform seed (permissions, profiles, states, admin), then the demo seeders. */
export async function seed(db: Db, config: Config, options: SeedOptions = {}): Promise<void> {
  await seedPlatform(db, config);
  if (options.demo ?? config.demoData) {
    const storage = options.storage ?? (await createFileStorage(config));
    for (const seeder of demoSeeders) await seeder.run({ db, config, storage });
  }
}

export { seedPlatform };
