// An S3-compatible server (s3rver, objects in a folder) in its own process, for the tests, the
// benchmarks and the multi-process journey: nothing outside this machine is needed.
//
//   node packages/server/test/files/s3rver-process.mjs <folder> [bucket] [port]
//
// Listens on 127.0.0.1 (port 0: a free one), creates the bucket, then prints one JSON line,
// {"port":N,"bucket":"..."}, and serves until SIGTERM/SIGINT (or, started with an IPC channel,
// until the process that started it goes away). Credentials: key id S3RVER, secret S3RVER.
import { Buffer } from 'node:buffer';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';
import S3Object from 's3rver/lib/models/object.js';

// s3rver writes an object in place (a reader or a second writer of the same key meets a
// half-written file) and reads its length and its bytes in two steps. S3, MinIO and R2 replace
// an object atomically, and the contract suite tests what they promise, so this server writes
// to a temporary file and renames it, and reads length and bytes from one open file.
FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(path.dirname(objectPath), { recursive: true });
  const temporary = `${objectPath}.${randomUUID()}.tmp`;
  const md5 = createHash('md5');
  let size = 0;
  const content = Buffer.isBuffer(object.content)
    ? Readable.from([object.content])
    : object.content;
  const count = new Transform({
    transform(chunk, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(content, count, createWriteStream(temporary));
    await rename(temporary, objectPath);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

FilesystemStore.prototype.getObject = async function getObject(bucket, key, options) {
  let handle;
  try {
    handle = await open(this.getResourcePath(bucket, key, 'object'), 'r');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const metadata = await this.getMetadata(bucket, key);
    metadata['content-length'] = (await handle.stat()).size;
    const lastByte = Math.max(0, metadata['content-length'] - 1);
    const start = options?.start || 0;
    const end = Math.min(options?.end || Infinity, lastByte);
    const ranged = options && (options.start !== undefined || options.end);
    if (start < 0 || end < start) {
      await handle.close();
      return Object.assign(
        new S3Object(bucket, key, null, metadata),
        ranged ? { range: { start, end } } : {},
      );
    }
    const content = handle.createReadStream({ start, end });
    return Object.assign(
      new S3Object(bucket, key, content, metadata),
      ranged ? { range: { start, end } } : {},
    );
  } catch (error) {
    await handle.close();
    if (error.code === 'ENOENT') return null;
    throw error;
  }
};

const [directory, bucket = 'anaquel', port = '0'] = process.argv.slice(2);
if (!directory) {
  process.stderr.write('usage: s3rver-process.mjs <folder> [bucket] [port]\n');
  process.exit(2);
}
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port, bucket })}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// Started by a test through an IPC channel (s3-server.ts): never outlive that test process.
if (process.send) process.once('disconnect', stop);
