import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../../src/files/s3-storage.ts';
import { LocalFileStorage, md5Of, type FileStorage } from '../../src/files/storage.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

// ONE contract, run against every driver: what the rest of the server may rely on whichever
// storage an installation configures. The S3 driver runs against s3rver, started here in its
// own process on a free port over a temporary folder.

const MiB = 1024 * 1024;
const BIG_FILE_BYTES = 96 * MiB;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  return stream ? readAll(stream) : null;
}

/** `total` bytes made on the fly in 64 KiB chunks (never held at once), and their MD5. */
function generated(
  total: number,
  onEightMiB: () => void = () => {},
): { stream: Readable; md5: () => string } {
  const hash = createHash('md5');
  const chunkBytes = 64 * 1024;
  function* chunks() {
    for (let offset = 0, index = 0; offset < total; offset += chunkBytes, index++) {
      const chunk = Buffer.alloc(Math.min(chunkBytes, total - offset), index % 251);
      chunk.writeUInt32BE(index, 0);
      hash.update(chunk);
      if (index % 128 === 127) onEightMiB();
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), md5: () => hash.digest('hex') };
}

// The collector, callable from the test: memory is measured as what stays alive after a
// collection (heap and buffers), not as the process's size, which garbage makes noisy.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function liveBytes(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The peak growth of live memory over a baseline, sampled where the test says (a collection
 * per sample costs tens of milliseconds on a large heap, so not on a timer).
 */
function memoryMeter() {
  const before = liveBytes();
  let peak = before;
  return {
    sample: () => void (peak = Math.max(peak, liveBytes())),
    growth: () => Math.max(peak, liveBytes()) - before,
  };
}

interface Driver {
  name: string;
  create(): Promise<FileStorage>;
  cleanup(): Promise<void>;
  /** A storage of this kind that cannot work (folder that is a file, bucket that does not exist). */
  broken(): Promise<FileStorage>;
}

let s3: S3TestServer | undefined;
let localRoot: string | undefined;

const drivers: Driver[] = [
  {
    name: 'local folder',
    async create() {
      localRoot = await mkdtemp(path.join(tmpdir(), 'anaquel-files-'));
      return new LocalFileStorage(path.join(localRoot, 'files'));
    },
    cleanup: () => rm(localRoot!, { recursive: true, force: true }),
    async broken() {
      const file = path.join(localRoot!, 'not-a-folder');
      await writeFile(file, 'x');
      return new LocalFileStorage(path.join(file, 'files'));
    },
  },
  {
    name: 'S3 (s3rver)',
    async create() {
      s3 = await startS3Server();
      return S3FileStorage.create(s3.storageConfig('instalacion'));
    },
    cleanup: () => s3!.stop(),
    broken: () => S3FileStorage.create({ ...s3!.storageConfig(), bucket: 'no-existe' }),
  },
];

describe.each(drivers)('FileStorage contract: $name', (driver) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await driver.create();
  });
  afterAll(() => driver.cleanup());

  it('puts, heads, gets and overwrites bytes', async () => {
    const first = Buffer.from('primera versión');
    await storage.put('ab/abc123.jpg', first);
    expect(await bytesOf(storage, 'ab/abc123.jpg')).toEqual(first);
    expect((await storage.head('ab/abc123.jpg'))?.size).toBe(first.length);

    const second = Buffer.from('segunda, más larga que la primera');
    await storage.put('ab/abc123.jpg', second);
    expect(await bytesOf(storage, 'ab/abc123.jpg')).toEqual(second);
    const head = await storage.head('ab/abc123.jpg');
    expect(head?.size).toBe(second.length);
    // Where the driver knows the MD5, it is the bytes' (files:to-s3 relies on it).
    if (head?.md5 !== undefined) expect(head.md5).toBe(await md5Of(Readable.from([second])));
  });

  it('stores a stream and gives the bytes back as a stream', async () => {
    const parts = ['uno,', 'dos,', 'tres'].map((part) => Buffer.from(part));
    await storage.putStream('cd/stream.csv', Readable.from(parts));
    const stream = await storage.get('cd/stream.csv');
    expect(stream).toBeInstanceOf(Readable);
    expect((await readAll(stream!)).toString()).toBe('uno,dos,tres');
    await storage.putStream('cd/empty.csv', Readable.from([]));
    expect(await bytesOf(storage, 'cd/empty.csv')).toEqual(Buffer.alloc(0));
  });

  it('answers null for a missing key, and deleting one is not an error', async () => {
    expect(await storage.get('zz/no-existe.jpg')).toBeNull();
    expect(await storage.head('zz/no-existe.jpg')).toBeNull();
    await storage.delete('zz/no-existe.jpg');
    // A key that is a prefix of stored keys ("a folder") is missing too.
    await storage.put('ef/dentro/archivo.png', Buffer.from('x'));
    expect(await storage.get('ef/dentro')).toBeNull();
    expect(await storage.head('ef')).toBeNull();
  });

  it('deletes', async () => {
    await storage.put('gh/borrar.webp', Buffer.from('bytes'));
    await storage.delete('gh/borrar.webp');
    expect(await storage.get('gh/borrar.webp')).toBeNull();
    expect(await storage.head('gh/borrar.webp')).toBeNull();
  });

  it('streams a 96 MiB file in and out with flat memory', { timeout: 120_000 }, async () => {
    const putMeter = memoryMeter();
    const source = generated(BIG_FILE_BYTES, putMeter.sample);
    await storage.putStream('ij/grande.zip', source.stream);
    const putGrowth = putMeter.growth();
    expect((await storage.head('ij/grande.zip'))?.size).toBe(BIG_FILE_BYTES);

    const getMeter = memoryMeter();
    const hash = createHash('md5');
    let read = 0;
    for await (const chunk of (await storage.get('ij/grande.zip'))!) {
      hash.update(chunk as Buffer);
      const before = read;
      read += (chunk as Buffer).length;
      if (Math.floor(read / (8 * MiB)) > Math.floor(before / (8 * MiB))) getMeter.sample();
    }
    const getGrowth = getMeter.growth();
    expect(read).toBe(BIG_FILE_BYTES);
    expect(hash.digest('hex')).toBe(source.md5());
    // Holding the file would take 96 MiB; a driver may hold a part (S3: 8 MiB, and its copy
    // while it is sent), plus buffers in flight. Measured: local 8 and 8 MiB, S3 32 and 16 MiB.
    expect(putGrowth).toBeLessThan(48 * MiB);
    expect(getGrowth).toBeLessThan(32 * MiB);
  });

  it('keeps the previous bytes when a streamed upload fails half-way', async () => {
    await storage.put('kl/intacto.xlsx', Buffer.from('versión completa'));
    async function* failing() {
      yield Buffer.alloc(9 * MiB, 1); // more than one S3 part: the multipart upload is aborted
      throw new Error('conexión perdida');
    }
    await expect(storage.putStream('kl/intacto.xlsx', Readable.from(failing()))).rejects.toThrow(
      'conexión perdida',
    );
    expect((await bytesOf(storage, 'kl/intacto.xlsx'))?.toString()).toBe('versión completa');
    if (storage instanceof LocalFileStorage) {
      expect(await readdir(path.join(storage.root, 'kl'))).toEqual(['intacto.xlsx']);
    }
  });

  it('concurrent writes of one key leave one whole version; readers never see a mix', async () => {
    const size = 256 * 1024;
    const versions = Array.from({ length: 8 }, (_, index) => Buffer.alloc(size, index + 1));
    await storage.put('mn/misma.jpg', Buffer.alloc(size, 0));
    const reads: Promise<Buffer | null>[] = [];
    const writes = versions.map(async (version, index) => {
      reads.push(bytesOf(storage, 'mn/misma.jpg'));
      await (index % 2
        ? storage.put('mn/misma.jpg', version)
        : storage.putStream('mn/misma.jpg', Readable.from([version])));
    });
    await Promise.all(writes);
    const seen = [...(await Promise.all(reads)), await bytesOf(storage, 'mn/misma.jpg')];
    for (const bytes of seen) {
      expect(bytes).toHaveLength(size);
      expect(new Set(bytes!).size).toBe(1); // one version's bytes only
    }
    expect(versions.some((version) => version.equals(seen.at(-1)!))).toBe(true);
  });

  it('concurrent writes of many keys all land', async () => {
    const keys = Array.from({ length: 60 }, (_, index) => `op/muchas-${index}.png`);
    await Promise.all(keys.map((key, index) => storage.put(key, Buffer.from(`archivo ${index}`))));
    const read = await Promise.all(keys.map((key) => bytesOf(storage, key)));
    expect(read.map((bytes) => bytes?.toString())).toEqual(
      keys.map((_, index) => `archivo ${index}`),
    );
  });

  it('refuses keys that are not storage keys, before touching anything', async () => {
    const hostile = [
      '../fuera.txt',
      '/etc/passwd',
      'ab/../../fuera.jpg',
      'ab//doble.jpg',
      '',
      'con espacio.jpg',
      'ab\\win.jpg',
      '%2e%2e/codificado.jpg',
      'ab/x.jpg?versionId=1',
      'ab/x.jpg/',
      `${'a'.repeat(300)}.jpg`,
      'ñ/acento.jpg',
    ];
    for (const key of hostile) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.putStream(key, Readable.from([])), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.head(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('is ready when it can be reached, and says so quickly when it cannot', async () => {
    await storage.check();
    const broken = await driver.broken();
    const started = Date.now();
    await expect(broken.check()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(storage.describe()).not.toMatch(/S3RVER/); // never a credential
  });
});
