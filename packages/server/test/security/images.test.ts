import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { ingestImage, thumbnailKeyOf } from '../../src/files/images.ts';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, create, multipart, type Api } from '../master/fixtures.ts';

// Images are decoded and re-encoded, not sniffed; thumbnails for galleries; file downloads
// that a client abandons do not fail the request (issue 8).

let t: TestApp;
let api: Api;
const logLines: string[] = [];
const ids: Record<string, number> = {};

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'warn' }, stream) });
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
    code: 'IMG-1',
    commercialName: 'Cliente Imágenes',
    taxId: 'CIM010101AAA',
    isActive: true,
  });
});

afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

let skuCounter = 0;
function postProduct(image: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg') {
  skuCounter += 1;
  const form = multipart(
    {
      name: `Producto ${skuCounter}`,
      sku: `IMG-${skuCounter}`,
      categoryId: ids.category,
      subcategoryId: ids.subcategory,
      brandId: ids.brand,
      clientIds: [ids.client!],
      isActive: true,
    },
    [{ name: 'productImage', value: image, filename, contentType }],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: { authorization: `Bearer ${api.token}`, ...form.headers },
    payload: form.payload,
  });
}

/** A photo as a phone takes it: JPEG with EXIF, including a GPS position. */
function photoWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TelefonoX', Copyright: 'Promotor' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 25/1 4200/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '99/1 8/1 0/1',
      },
    })
    .toBuffer();
}

async function storedBytes(fileId: string, size?: 'thumb'): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}${size ? `?size=${size}` : ''}`,
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('images are decoded, not sniffed', () => {
  it.each([
    [
      'a GIF header followed by HTML',
      Buffer.from('GIF89a<html><script>alert(1)</script></html>'),
      'image/gif',
    ],
    [
      'a PNG signature followed by random bytes',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(2000),
      ]),
      'image/png',
    ],
    [
      'a JPEG start followed by text',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('hola '.repeat(200))]),
      'image/jpeg',
    ],
  ])('refuses %s with the Spanish 400', async (_label, bytes, type) => {
    const before = (await t.db.select().from(files)).length;
    const body = expectFailure(await postProduct(bytes, 'x', type), 'createProduct', 400);
    expect(body.validationErrors).toEqual([
      { field: 'productImage', message: 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.' },
    ]);
    expect(await t.db.select().from(files)).toHaveLength(before);
  });

  it('refuses a truncated JPEG', async () => {
    const photo = await photoWithGps();
    const body = expectFailure(
      await postProduct(photo.subarray(0, photo.length / 2)),
      'createProduct',
      400,
    );
    expect(body.validationErrors[0]!.field).toBe('productImage');
  });

  it('stores a re-encoded photo without EXIF (no GPS position)', async () => {
    const photo = await photoWithGps();
    const uploaded = await sharp(photo).metadata();
    expect(uploaded.exif).toBeDefined();
    expect(photo.includes(Buffer.from('TelefonoX'))).toBe(true);

    const created = expectSuccess(await postProduct(photo), 'createProduct', 201) as {
      productImageUrl: string | null;
    };
    const stored = await storedBytes(created.productImageUrl!);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(800);
    expect(stored.includes(Buffer.from('TelefonoX'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('keeps the format of PNG, WebP and GIF images', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 4, background: '#33aa66' } });
    for (const [format, buffer] of [
      ['png', await base.clone().png().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
    ] as const) {
      const image = await ingestImage(t.app.services, buffer);
      expect(image).toMatchObject({ mime: `image/${format}`, width: 40, height: 30 });
      expect((await sharp(await storedBytes(image.id)).metadata()).format).toBe(format);
    }
  });
});

describe('thumbnails', () => {
  it('serves a WebP thumbnail of at most 320 px with size=thumb', async () => {
    const photo = await photoWithGps(1600, 800);
    const image = await ingestImage(t.app.services, photo);
    expect(image.thumbnail).toMatchObject({ width: 320, height: 160 });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${image.id}?size=thumb`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      'webp',
      320,
      160,
      undefined,
    ]);
  });

  it('makes the thumbnail of an image stored before thumbnails existed', async () => {
    const image = await ingestImage(t.app.services, await photoWithGps(500, 500));
    const [row] = await t.db.select().from(files).where(eq(files.id, image.id));
    await t.app.services.storage.delete(thumbnailKeyOf(row!.storageKey));
    const thumb = await storedBytes(image.id, 'thumb');
    expect((await sharp(thumb).metadata()).width).toBe(320);
    expect(await t.app.services.storage.get(thumbnailKeyOf(row!.storageKey))).not.toBeNull();
  });

  it('refuses another size', async () => {
    const image = await ingestImage(t.app.services, await photoWithGps(50, 50));
    expectFailure(
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${image.id}?size=huge` }),
      'getFile',
      400,
    );
  });
});

describe('GET files/{id}', () => {
  it.each([
    'not-a-uuid',
    `urn:uuid:${randomUUID()}`,
    `{${randomUUID()}}`,
    randomUUID().replace(/-/g, ''),
    `${randomUUID()}%00`,
  ])('answers 400 in the envelope for the id %s', async (id) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${encodeURIComponent(id)}`,
    });
    expectFailure(response, 'getFile', 400);
  });

  it('answers 404 for an unknown id', async () => {
    expectFailure(
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${randomUUID()}` }),
      'getFile',
      404,
    );
  });

  it('a client that closes the download early fails nothing (no "returned no data", no headers sent twice)', async () => {
    const noise = await sharp({
      create: {
        width: 900,
        height: 900,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const image = await ingestImage(t.app.services, noise, { maxBytes: 50 * 1024 * 1024 });
    expect(image.size).toBeGreaterThan(256 * 1024);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = logLines.length;
    for (let i = 0; i < 10; i++) {
      // Closes the connection at the first bytes of the answer (or, every other time, before).
      await new Promise<void>((resolve) => {
        const request = get(`http://127.0.0.1:${port}/api/v1/files/${image.id}`, (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', () => resolve());
        if (i % 2 === 1) setImmediate(() => request.destroy());
      });
    }
    // A complete download still works and the server stays healthy.
    const full = await fetch(`http://127.0.0.1:${port}/api/v1/files/${image.id}`);
    expect(Buffer.from(await full.arrayBuffer()).length).toBe(image.size);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logged = logLines.slice(before).join('\n');
    expect(logged).not.toContain('returned no data');
    expect(logged).not.toContain('ERR_HTTP_HEADERS_SENT');
    expect(logged).not.toMatch(/"level":50/);
  });
});
