import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3StorageConfig } from '../../src/env.ts';

const script = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** s3rver's own objects folder (`<bucket>/<key>._S3rver_object` and metadata files). */
  directory: string;
  /** A storage configuration for this server (path-style, s3rver's default credentials). */
  storageConfig(prefix?: string): S3StorageConfig;
  /** The environment variables that point a server process at it (README's names). */
  env: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts s3rver in a child process on a free port of 127.0.0.1, over a new temporary folder
 * (removed by `stop`). Used by the storage contract suite, the files:to-s3 tests and bench/.
 */
export async function startS3Server(bucket = 'anaquel'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'anaquel-s3rver-'));
  const child = spawn(process.execPath, [script, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    directory,
    storageConfig: (prefix = '') => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      prefix,
      credentials,
    }),
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
