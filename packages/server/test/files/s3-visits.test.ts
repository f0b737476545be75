import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { files } from '../../src/db/schema/index.ts';
import { loadConfig } from '../../src/env.ts';
import { S3FileStorage } from '../../src/files/s3-storage.ts';
import { accessTokenFor, bearer, createTestApp, tokenFor, type TestApp } from '../helpers.ts';
import { addValueSurvey, syncClient, valueVisit } from '../visits/sync-client.ts';
import { createWorld } from '../visits/world.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

// The promoters' photos on a bucket: uploaded by the sync, shown in the gallery with their
// thumbnails and packed in the ZIP of photos, all through the S3 driver (s3rver).

let s3: S3TestServer;
let t: TestApp;
let bucket: S3FileStorage;
let reviewer: string;
let photoIds: string[];

async function bucketBytes(fileId: string): Promise<Buffer | null> {
  const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
  const stream = await bucket.get(row!.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(bytes, {
    lazyEntries: true,
  });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

beforeAll(async () => {
  s3 = await startS3Server();
  const { fileStorage } = loadConfig({ ...s3.env, S3_PREFIX: 'fotos' });
  t = await createTestApp({ config: { fileStorage } });
  bucket = await S3FileStorage.create(s3.storageConfig('fotos/'));
  const world = await createWorld(t.db, t.config);
  const survey = await addValueSurvey(t.db, world.campaignId);
  const promoter = await accessTokenFor(t.app, t.db, world.promoter.id);
  const client = syncClient(t);
  photoIds = [
    await client.upload(promoter),
    await client.upload(promoter),
    await client.upload(promoter),
  ];
  const results = await client.sync(promoter, [valueVisit(world, survey, { photoIds })]);
  expect(results.map((result) => result.status)).toEqual(['created']);
  reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(reviewer) });

describe('visit photos on a bucket', () => {
  it('the sync stored them in the bucket, and the gallery serves them and their thumbnails', async () => {
    for (const id of photoIds) expect(await bucketBytes(id)).not.toBeNull();
    const page = await get('checkins/photos');
    expect(page.statusCode).toBe(200);
    const listed = JSON.stringify(page.json());
    for (const id of photoIds) expect(listed).toContain(id);
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${photoIds[0]}?size=thumb`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('the ZIP of photos holds the bucket bytes of every photo, and leaves out one whose bytes are gone', async () => {
    const response = await get('checkins/photos/zip');
    expect(response.statusCode).toBe(200);
    const entries = await zipEntries(response.rawPayload);
    const photos = [...entries].filter(([name]) => name !== 'fotos.csv');
    expect(photos).toHaveLength(3);
    const stored = await Promise.all(photoIds.map((id) => bucketBytes(id)));
    for (const [name, bytes] of photos) {
      expect(
        stored.some((original) => original!.equals(bytes)),
        name,
      ).toBe(true);
    }

    const [row] = await t.db.select().from(files).where(eq(files.id, photoIds[2]!));
    await bucket.delete(row!.storageKey);
    const without = await zipEntries((await get('checkins/photos/zip')).rawPayload);
    expect([...without.keys()].filter((name) => name !== 'fotos.csv')).toHaveLength(2);
  });
});
