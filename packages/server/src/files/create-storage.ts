import type { FileStorageConfig } from '../env.ts';
import { S3FileStorage } from './s3-storage.ts';
import { LocalFileStorage, type FileStorage } from './storage.ts';

/**
 * The configured storage (env.ts `fileStorage`). The AWS SDK is loaded only for a bucket
 * (S3FileStorage.create): an installation on a local folder never pays its start-up cost.
 */
export async function createFileStorage(config: {
  fileStorage: FileStorageConfig;
}): Promise<FileStorage> {
  const settings = config.fileStorage;
  if (settings.kind === 'local') return new LocalFileStorage(settings.root);
  return S3FileStorage.create(settings);
}
