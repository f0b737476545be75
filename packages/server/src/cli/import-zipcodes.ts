/**
 * Imports the SEPOMEX postal-code catalogue (docs/zipcodes.md) into the configured database
 * (PGlite in DATA_DIR, or DATABASE_URL):
 *
 *   pnpm --filter @anaquel/server import:zipcodes /path/to/CPdescarga.txt
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { seedPlatform } from '../seed/index.ts';
import { importZipCodeFile } from '../zipcodes/import.ts';
import { SepomexFormatError } from '../zipcodes/sepomex.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Uso: pnpm --filter @anaquel/server import:zipcodes ARCHIVO.txt\n');
    return 2;
  }
  // pnpm --filter runs in packages/server: resolve a relative name against the caller's folder.
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(resolved)) {
    process.stderr.write(`No existe el archivo ${resolved}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.exclusive(async () => {
      await database.migrate();
      await seedPlatform(database.db, config);
    });
    const started = Date.now();
    const result = await importZipCodeFile(database.db, resolved);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${result.read} asentamientos leídos, ${result.upserted} guardados en ${seconds} s.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SepomexFormatError) {
      process.stderr.write(`El archivo no tiene el formato de SEPOMEX. ${error.message}\n`);
      return 1;
    }
    throw error;
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
