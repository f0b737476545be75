// The field app as an installable PWA (docs/field-app.md "Installable"): its service worker is
// revalidated on every update check and may control /campo only; its manifest is served as one.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** Large enough that the build writes a compressed copy (packages/app/build/field-pwa.ts). */
const WORKER = `self.addEventListener('fetch', () => {});\n${'// the Workbox runtime\n'.repeat(50)}`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'anaquel-field-pwa-dist-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Anaquel</title>');
  await writeFile(path.join(dist, 'campo.html'), '<!doctype html><title>Anaquel Campo</title>');
  await writeFile(path.join(dist, 'campo-sw.js'), WORKER);
  await writeFile(path.join(dist, 'campo-sw.js.br'), brotliCompressSync(WORKER));
  await writeFile(path.join(dist, 'campo.webmanifest'), '{"name":"Anaquel Campo"}');
  await writeFile(path.join(dist, 'assets', 'campo-abc123.js'), 'export {};');
  t = await createTestApp({ config: { appDistDir: dist } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe("the field app's service worker and manifest", () => {
  it('serves the worker uncached, allowed no wider scope than /campo', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/campo-sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/campo');
    expect(response.body).toBe(WORKER);
  });

  it('sends its compressed copy with the same headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/campo-sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/campo');
  });

  it('gives no other file a service-worker scope', async () => {
    for (const url of ['/campo.html', '/campo', '/', '/assets/campo-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['service-worker-allowed'], url).toBeUndefined();
    }
  });

  it('serves the manifest revalidated, as a web manifest', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/campo.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body)).toEqual({ name: 'Anaquel Campo' });
  });
});
