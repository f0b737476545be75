import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { loadConfig } from '../../src/env.ts';
import { thumbnailKeyOf } from '../../src/files/images.ts';
import { S3FileStorage } from '../../src/files/s3-storage.ts';
import { createTestApp, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, create, multipart, type Api } from '../master/fixtures.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

// The whole app on a bucket (FILE_STORAGE=s3 against s3rver): images go in and out through the
// API unchanged, and nothing is written to DATA_DIR/files.

let s3: S3TestServer;
let t: TestApp;
let api: Api;
let bucket: S3FileStorage;
const ids: Record<string, number> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  const config = loadConfig({ ...s3.env, S3_PREFIX: 'app', DATA_DIR: '/tmp/no-usado' });
  t = await createTestApp({ config: { fileStorage: config.fileStorage } });
  bucket = await S3FileStorage.create(s3.storageConfig('app/'));
  api = await apiAs(t.app, t.db);
  ids.category = await create(api, 'categories', 'createCategory', {
    name: 'Bebidas',
    isActive: true,
  });
  ids.subcategory = await create(api, 'subcategories', 'createSubcategory', {
    categoryId: ids.category,
    name: 'Refrescos',
    isActive: true,
  });
  ids.brand = await create(api, 'brands', 'createBrand', { name: 'Fresca', isActive: true });
  ids.client = await create(api, 'clients', 'createClient', {
    code: 'S3-1',
    commercialName: 'Cliente S3',
    taxId: 'CSS010101AAA',
    isActive: true,
  });
});

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

function productForm(image: Buffer, sku: string) {
  return multipart(
    {
      name: `Producto ${sku}`,
      sku,
      categoryId: ids.category,
      subcategoryId: ids.subcategory,
      brandId: ids.brand,
      clientIds: [ids.client!],
      isActive: true,
    },
    [{ name: 'productImage', value: image, filename: 'foto.jpg', contentType: 'image/jpeg' }],
  );
}

async function storageKeyOf(fileId: string): Promise<string> {
  const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
  return row!.storageKey;
}

describe('the app on an S3-compatible bucket', () => {
  it('stores a product image, serves it and its thumbnail, and deletes it on replacement', async () => {
    expect(t.app.services.storage).toBeInstanceOf(S3FileStorage);
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#c83232' },
    })
      .jpeg()
      .toBuffer();
    const form = productForm(photo, 'S3-IMG-1');
    const created = expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: { authorization: `Bearer ${api.token}`, ...form.headers },
        payload: form.payload,
      }),
      'createProduct',
      201,
    ) as { id: number; productImageUrl: string };
    const fileId = created.productImageUrl;
    const key = await storageKeyOf(fileId);
    // In the bucket under the prefix, with its thumbnail.
    expect(await bucket.head(key)).toMatchObject({ size: expect.any(Number) });
    expect(await bucket.head(thumbnailKeyOf(key))).not.toBeNull();

    const original = await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(900);
    const thumb = await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}?size=thumb` });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');

    // Replacing the image deletes the previous bytes from the bucket.
    const replacement = productForm(
      await sharp({ create: { width: 50, height: 50, channels: 3, background: '#3232c8' } })
        .jpeg()
        .toBuffer(),
      'S3-IMG-1',
    );
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${created.id}`,
      headers: { authorization: `Bearer ${api.token}`, ...replacement.headers },
      payload: replacement.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await bucket.head(key)).toBeNull();
    expect(await bucket.head(thumbnailKeyOf(key))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}` })).statusCode).toBe(
      404,
    );
  });

  it('answers 404, not 500, for a file row whose bytes are missing from the bucket', async () => {
    const form = productForm(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      'S3-IMG-2',
    );
    const created = expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: { authorization: `Bearer ${api.token}`, ...form.headers },
        payload: form.payload,
      }),
      'createProduct',
      201,
    ) as { productImageUrl: string };
    await bucket.delete(await storageKeyOf(created.productImageUrl));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${created.productImageUrl}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      errorCode: 'NOT_FOUND',
      errorMessage: 'El archivo no existe.',
    });
  });
});

describe('readiness', () => {
  it('is ready with its bucket, and answers 503 while the bucket cannot be reached', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ready.statusCode).toBe(200);
    const other = await createTestApp({
      config: { fileStorage: { kind: 's3', ...s3.storageConfig(), bucket: 'no-existe' } },
    });
    try {
      const started = Date.now();
      const response = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await other.close();
    }
  });
});

describe('a bucket that hangs', () => {
  it('fails the readiness check within its 2 s, not at the HTTP timeouts', async () => {
    // Accepts connections and never answers.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const hanging = await S3FileStorage.create({
        ...s3.storageConfig(),
        endpoint: `http://127.0.0.1:${port}`,
      });
      const started = Date.now();
      await expect(hanging.check()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('configuration of the storage', () => {
  it('is the local folder by default, and a bucket with S3_BUCKET or FILE_STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/anaquel' }).fileStorage).toEqual({
      kind: 'local',
      root: '/srv/anaquel/files',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'fotos',
        AWS_REGION: 'auto',
        AWS_ENDPOINT_URL_S3: 'https://cuenta.r2.cloudflarestorage.com',
        S3_PREFIX: '/anaquel/prod/',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secreto',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'fotos',
      region: 'auto',
      endpoint: 'https://cuenta.r2.cloudflarestorage.com',
      forcePathStyle: true,
      prefix: 'anaquel/prod/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secreto' },
    });
    // AWS itself: virtual-hosted style, region default, the SDK's credential chain.
    expect(loadConfig({ FILE_STORAGE: 'S3', S3_BUCKET: 'fotos' }).fileStorage).toEqual({
      kind: 's3',
      bucket: 'fotos',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ FILE_STORAGE: 'local', S3_BUCKET: 'fotos' }).fileStorage.kind).toBe(
      'local',
    );
  });

  it('lists every wrong storage setting at once', () => {
    expect(() =>
      loadConfig({
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'ftp://minio',
        S3_PREFIX: '../fuera',
        AWS_ACCESS_KEY_ID: 'solo-el-id',
        S3_FORCE_PATH_STYLE: 'quizá',
      }),
    ).toThrow(
      expect.objectContaining({
        problems: [
          'S3_BUCKET is required when FILE_STORAGE is s3',
          'S3_ENDPOINT must use http: or https: (got "ftp:")',
          'S3_PREFIX may only have letters, digits, "-", "_" and "/"',
          'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
          'S3_FORCE_PATH_STYLE must be true or false (got "quizá")',
        ],
      }),
    );
    expect(() => loadConfig({ FILE_STORAGE: 'nube' })).toThrow(/FILE_STORAGE must be local or s3/);
  });
});
