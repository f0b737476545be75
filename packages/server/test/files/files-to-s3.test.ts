import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFolderToStorage, type CopyProgress } from '../../src/files/copy-folder.ts';
import { S3FileStorage } from '../../src/files/s3-storage.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

// `pnpm files:to-s3`: a local files folder into a bucket (s3rver here), idempotent, resumable,
// verified, local files untouched.

let s3: S3TestServer;
let folder: string;
let bucket: S3FileStorage;
const serverDir = path.resolve(import.meta.dirname, '..', '..');

const FILES: Record<string, Buffer> = {
  'ab/ab01.jpg': Buffer.alloc(3000, 1),
  'ab/ab01-thumb.webp': Buffer.alloc(300, 2),
  'cd/cd02.png': Buffer.alloc(9 * 1024 * 1024, 3), // more than one multipart part
  'ef/ef03.gif': Buffer.from('GIF89a'),
};

async function localSnapshot(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.keys(FILES).map(async (key) => {
      const bytes = await readFile(path.join(folder, ...key.split('/')));
      return [key, createHash('md5').update(bytes).digest('hex')] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await S3FileStorage.create(s3.storageConfig());
  folder = await mkdtemp(path.join(tmpdir(), 'anaquel-to-s3-'));
  for (const [key, bytes] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(folder, key)), { recursive: true });
    await writeFile(path.join(folder, key), bytes);
  }
  // A write in progress of the local driver, and a stray file: neither is copied.
  await writeFile(path.join(folder, 'ab', 'ab01.jpg.0c1d.tmp'), 'medio');
  await writeFile(path.join(folder, 'Notas del respaldo.txt'), 'no es de Anaquel');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(`${folder}-data`, { recursive: true, force: true });
  await s3?.stop();
});

describe('copying a files folder into a bucket', () => {
  it('resumes after an interruption, then a re-run copies nothing', async () => {
    const before = await localSnapshot();
    // The connection drops after two uploads.
    let uploads = 0;
    const flaky = Object.create(bucket) as S3FileStorage;
    flaky.putStream = async (key, data) => {
      if (++uploads > 2) {
        data.destroy();
        throw new Error('conexión perdida');
      }
      return bucket.putStream(key, data);
    };
    const first = await copyFolderToStorage(folder, flaky, { concurrency: 1 });
    expect(first).toMatchObject({ total: 4, copied: 2, failed: 2, skipped: 0 });
    expect(first.ignored.sort()).toEqual(['Notas del respaldo.txt', 'ab/ab01.jpg.0c1d.tmp']);

    const progress: CopyProgress[] = [];
    const second = await copyFolderToStorage(folder, bucket, {
      onProgress: (step) => progress.push(step),
    });
    expect(second).toMatchObject({ total: 4, copied: 2, skipped: 2, failed: 0 });
    expect(progress).toHaveLength(4);
    expect(progress.at(-1)).toMatchObject({ copied: 2, skipped: 2, bytes: 9 * 1024 * 1024 + 3306 });

    const third = await copyFolderToStorage(folder, bucket);
    expect(third).toMatchObject({ copied: 0, skipped: 4, failed: 0 });

    for (const [key, bytes] of Object.entries(FILES)) {
      expect((await readAll((await bucket.get(key))!)).equals(bytes), key).toBe(true);
    }
    expect(await bucket.head('ab/ab01.jpg.0c1d.tmp').catch(() => 'refused')).toBe('refused');
    expect(await localSnapshot()).toEqual(before);
  });

  it('copies again a file whose bucket copy differs (same size, other bytes)', async () => {
    await bucket.put('ef/ef03.gif', Buffer.from('GIF87a'));
    const dry = await copyFolderToStorage(folder, bucket, { dryRun: true });
    expect(dry).toMatchObject({ copied: 1, skipped: 3 });
    expect((await readAll((await bucket.get('ef/ef03.gif'))!)).toString()).toBe('GIF87a');
    const report = await copyFolderToStorage(folder, bucket);
    expect(report).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
    expect((await readAll((await bucket.get('ef/ef03.gif'))!)).toString()).toBe('GIF89a');
  });

  it('trusts the MD5 recorded with an object over its ETag (not an MD5 under KMS)', async () => {
    // An object whose bytes equal the local file's but whose recorded MD5 says otherwise: only
    // the record can make the copy see a difference (the ETag, the bytes' MD5, would match).
    const bytes = FILES['ab/ab01.jpg']!;
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await bucket.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'ab/ab01.jpg',
        Body: bytes,
        Metadata: { md5: '0'.repeat(32) },
      }),
    );
    expect(await bucket.head('ab/ab01.jpg')).toEqual({ size: bytes.length, md5: '0'.repeat(32) });
    const report = await copyFolderToStorage(folder, bucket);
    expect(report).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
    expect((await bucket.head('ab/ab01.jpg'))?.md5).toBe(
      createHash('md5').update(bytes).digest('hex'),
    );
  });

  it(
    'runs as a command with progress, and refuses to run without a bucket',
    { timeout: 60_000 },
    async () => {
      const run = (env: Record<string, string>) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'src/cli/files-to-s3.ts', '--from', folder],
            {
              cwd: serverDir,
              // DATA_DIR elsewhere: the configuration keeps a generated JWT secret there.
              env: {
                PATH: process.env.PATH!,
                DATA_DIR: path.join(folder, '..', `${path.basename(folder)}-data`),
                ...env,
              },
            },
          );
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('exit', (code) => resolve({ code, output }));
        });
      const copied = await run({ ...s3.env, S3_PREFIX: 'otra-instalacion' });
      expect(copied.output).toContain('4/4 archivos: 4 copiados, 0 ya estaban, 0 con error');
      expect(copied.output).toContain('Listo: 4 copiados y verificados');
      expect(copied.code).toBe(0);
      const again = await run({ ...s3.env, S3_PREFIX: 'otra-instalacion' });
      expect(again.output).toContain('0 copiados, 4 ya estaban');

      const withoutBucket = await run({});
      expect(withoutBucket.code).toBe(2);
      expect(withoutBucket.output).toContain('No hay un bucket configurado');
    },
  );
});
