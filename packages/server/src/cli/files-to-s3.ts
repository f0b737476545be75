/**
 * Copies the uploaded files of a local folder (DATA_DIR/files by default) into the configured
 * S3-compatible bucket, under the same keys (docs/deployment.md, "Moving the files to a bucket"):
 *
 *   pnpm files:to-s3 [--from FOLDER] [--concurrency 4] [--dry-run]
 *
 * Idempotent and resumable (files already in the bucket with the same size and MD5 are
 * skipped), prints its progress, verifies every copy, and never deletes a local file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../env.ts';
import { copyFolderToStorage, type CopyProgress } from '../files/copy-folder.ts';
import { S3FileStorage } from '../files/s3-storage.ts';

const USAGE = 'Uso: pnpm files:to-s3 [--from CARPETA] [--concurrency N] [--dry-run]\n';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function line(progress: CopyProgress): string {
  return (
    `  ${progress.copied + progress.skipped + progress.failed}/${progress.total} archivos: ` +
    `${progress.copied} copiados, ${progress.skipped} ya estaban, ${progress.failed} con error ` +
    `(${megabytes(progress.bytes)})\n`
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      from: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.fileStorage.kind !== 's3') {
    process.stderr.write(
      'No hay un bucket configurado: defina S3_BUCKET (y AWS_REGION, AWS_ENDPOINT_URL_S3, ' +
        'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY según el servicio).\n',
    );
    return 2;
  }
  // pnpm --filter runs in packages/server: resolve a relative folder against the caller's.
  const from = values.from
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from)
    : path.join(config.dataDir, 'files');
  const bucket = await S3FileStorage.create(config.fileStorage);
  await bucket.check();
  process.stdout.write(`Copiando ${from} a ${bucket.describe()}...\n`);

  let lastPrinted = 0;
  const report = await copyFolderToStorage(from, bucket, {
    concurrency,
    dryRun: values['dry-run'],
    onProgress(progress) {
      const done = progress.copied + progress.skipped + progress.failed;
      if (Date.now() - lastPrinted >= 1000 || done === progress.total) {
        lastPrinted = Date.now();
        process.stdout.write(line(progress));
      }
    },
  });
  for (const name of report.ignored)
    process.stdout.write(`  Omitido (no es un archivo de Anaquel): ${name}\n`);
  for (const { key, reason } of report.failures)
    process.stderr.write(`  Error en ${key}: ${reason}\n`);
  process.stdout.write(
    values['dry-run']
      ? `Prueba: se copiarían ${report.copied} archivos; ${report.skipped} ya están en el bucket.\n`
      : `Listo: ${report.copied} copiados y verificados, ${report.skipped} ya estaban, ${report.failed} con error. ` +
          'Los archivos locales no se modificaron.\n',
  );
  if (report.failed > 0) {
    process.stdout.write('Vuelva a ejecutar el comando: continúa con lo que falte.\n');
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
