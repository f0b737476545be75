// The file storage's reads of photos (issue #25): the S3 driver against s3rver beside the local
// folder, in the same run.
//
//   pnpm --filter @anaquel/bench bench:storage
//
// BENCH_STORAGE_PHOTOS photos of BENCH_STORAGE_KB KiB (default 200 of 350 KiB: a re-encoded
// phone photo) and their thumbnails (12 KiB) are written to a local folder and to a bucket of
// s3rver, started here in its own process (packages/server/test/files/s3rver-process.mjs).
// Then, alternately for BENCH_STORAGE_ROUNDS rounds (default 3), every photo and then every
// thumbnail is read to its end, 1 and 16 at a time, through:
// - `local`: LocalFileStorage.get (a file stream);
// - `s3`: S3FileStorage.get (the AWS SDK: signing, HTTP keep-alive, its response parsing);
// - `bare http`: a plain node:http GET of the same object from s3rver (no SDK, no signature),
//   the part of the `s3` time that belongs to the server side, not to the driver.
// Reported per reader, concurrency and size, from the median round: reads/s, MiB/s, p50/p99
// of one read (request to last byte), and CPU per read of this process (what the Anaquel
// process pays) and of s3rver. Written to bench/results/storage-<date>.json, printed as a table.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { S3FileStorage } from '@anaquel/server/src/files/s3-storage.ts';
import { LocalFileStorage, type FileStorage } from '@anaquel/server/src/files/storage.ts';
import { startS3Server } from '@anaquel/server/test/files/s3-server.ts';
import { median } from './stats.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const PHOTOS = Number(process.env.BENCH_STORAGE_PHOTOS ?? 200);
const PHOTO_BYTES = Number(process.env.BENCH_STORAGE_KB ?? 350) * 1024;
const THUMB_BYTES = 12 * 1024;
const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 3);
const CONCURRENCY = [1, 16];
const MiB = 1024 * 1024;

type Read = (key: string) => Promise<number>;

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

function storageReader(storage: FileStorage): Read {
  return async (key) => drain((await storage.get(key))!);
}

function bareHttpReader(endpoint: string, bucket: string): Read {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return (key) =>
    new Promise((resolve, reject) => {
      get(`${endpoint}/${bucket}/${key}`, { agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}`));
        drain(response).then(resolve, reject);
      }).on('error', reject);
    });
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Measure {
  readsPerSecond: number;
  mibPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRead: number;
  s3rverCpuMsPerRead: number;
}

async function measure(read: Read, keys: string[], concurrency: number, s3rverPid: number) {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const s3rverBefore = cpuSecondsOf(s3rverPid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        const begun = performance.now();
        const length = await read(key);
        bytes += length;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    readsPerSecond: keys.length / seconds,
    mibPerSecond: bytes / MiB / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuMsPerRead: (cpu.user + cpu.system) / 1000 / keys.length,
    s3rverCpuMsPerRead: ((cpuSecondsOf(s3rverPid) - s3rverBefore) * 1000) / keys.length,
  } satisfies Measure;
}

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-storage-'));
  const s3 = await startS3Server();
  try {
    const local = new LocalFileStorage(path.join(folder, 'files'));
    const bucket = await S3FileStorage.create(s3.storageConfig());
    const photoKeys: string[] = [];
    const thumbKeys: string[] = [];
    for (let index = 0; index < PHOTOS; index++) {
      const id = randomBytes(16).toString('hex');
      const photo = randomBytes(PHOTO_BYTES);
      const thumb = randomBytes(THUMB_BYTES);
      const photoKey = `${id.slice(0, 2)}/${id}.jpg`;
      const thumbKey = `${id.slice(0, 2)}/${id}-thumb.webp`;
      await Promise.all([local.put(photoKey, photo), bucket.put(photoKey, photo)]);
      await Promise.all([local.put(thumbKey, thumb), bucket.put(thumbKey, thumb)]);
      photoKeys.push(photoKey);
      thumbKeys.push(thumbKey);
    }
    const readers: [string, Read][] = [
      ['local', storageReader(local)],
      ['s3', storageReader(bucket)],
      ['bare http', bareHttpReader(s3.endpoint, s3.bucket)],
    ];
    const runs = new Map<string, Measure[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [size, keys] of [
        ['photo', photoKeys],
        ['thumbnail', thumbKeys],
      ] as const) {
        for (const concurrency of CONCURRENCY) {
          for (const [name, read] of readers) {
            const label = `${name}|${size}|${concurrency}`;
            const result = await measure(read, keys, concurrency, s3.process.pid!);
            runs.set(label, [...(runs.get(label) ?? []), result]);
          }
        }
      }
    }
    const rows = [...runs].map(([label, results]) => {
      const [reader, size, concurrency] = label.split('|');
      // The median round by reads/s.
      const middle = median(results.map((result) => result.readsPerSecond));
      const chosen = results.reduce((best, result) =>
        Math.abs(result.readsPerSecond - middle) < Math.abs(best.readsPerSecond - middle)
          ? result
          : best,
      );
      return { reader, size, concurrency: Number(concurrency), ...chosen };
    });
    const stamp = new Date().toISOString().replaceAll(':', '-').replace('.', '-');
    await mkdir(path.join(benchDir, 'results'), { recursive: true });
    await writeFile(
      path.join(benchDir, 'results', `storage-${stamp}.json`),
      `${JSON.stringify({ photos: PHOTOS, photoBytes: PHOTO_BYTES, thumbBytes: THUMB_BYTES, rounds: ROUNDS, rows }, null, 2)}\n`,
    );
    process.stdout.write(
      `\n${PHOTOS} photos of ${PHOTO_BYTES / 1024} KiB and thumbnails of ${THUMB_BYTES / 1024} KiB, median of ${ROUNDS} rounds\n\n` +
        '| reader | object | at once | reads/s | MiB/s | p50 ms | p99 ms | CPU ms/read (this process) | CPU ms/read (s3rver) |\n' +
        '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n',
    );
    for (const row of rows) {
      process.stdout.write(
        `| ${row.reader} | ${row.size} | ${row.concurrency} | ${row.readsPerSecond.toFixed(0)} | ${row.mibPerSecond.toFixed(1)} | ` +
          `${row.p50Ms.toFixed(2)} | ${row.p99Ms.toFixed(2)} | ${row.cpuMsPerRead.toFixed(2)} | ${row.s3rverCpuMsPerRead.toFixed(2)} |\n`,
      );
    }
  } finally {
    await s3.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
