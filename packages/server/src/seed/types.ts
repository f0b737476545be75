import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import type { FileStorage } from '../files/storage.ts';

interface SeedContext {
  db: Db;
  config: Config;
  /** For seeders that store images (products, profile pictures). */
  storage: FileStorage;
}

/** A demo-data seeder: must be idempotent (it runs at every start, after the platform seed). */
export interface DemoSeeder {
  name: string;
  run(context: SeedContext): Promise<void>;
}
