import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../../src/env.ts';
import { inlineScriptHashes } from '../../src/http/security-headers.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Response headers (issue 8): strict CSP with the inline theme script by hash, Scalar's own
// policy, HSTS and Secure cookies only over https (TRUST_PROXY), COOP, Permissions-Policy and
// no-store on auth answers.

const THEME_SCRIPT = "\n      document.documentElement.dataset.theme = 'dark';\n    ";
let distDir: string;
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'anaquel-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1);');
  // Two apps (Fastify's trustProxy is fixed at construction); slow on a loaded machine.
  [direct, proxied] = await Promise.all([
    createTestApp({ config: { appDistDir: distDir } }),
    createTestApp({ config: { appDistDir: distDir, trustProxy: true } }),
  ]);
}, 180_000);

afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await rm(distDir, { recursive: true, force: true });
});

const signIn = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers,
    payload: { username: t.config.adminEmail, password: t.config.adminPassword },
  });

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows the inline theme script of the served index.html by its sha256, never unsafe-inline', async () => {
    const expected = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    for (const url of ['/', '/login', '/users/12']) {
      const response = await direct.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", expected]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(String(response.headers['content-security-policy'])).not.toMatch(
        /script-src[^;]*unsafe-inline/,
      );
    }
  });

  it("hashes the app's real inline scripts (packages/app/index.html: the theme, Intl's warm-up)", async () => {
    const html = await readFile(path.join(repoRoot, 'packages', 'app', 'index.html'), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(new Set(hashes).size).toBe(2);
  });

  it('gives the API reference its own policy, and the page still loads', async () => {
    const page = await direct.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('other headers', () => {
  it('every answer has COOP, CORP, Permissions-Policy, nosniff, DENY framing and a referrer policy', async () => {
    for (const url of ['/', '/api/v1/health', '/api/v1/no-such-route']) {
      const { headers } = await direct.app.inject({ method: 'GET', url });
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['permissions-policy']).toContain('geolocation=()');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('same-origin');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it("helmet's whole set on answers of every kind: page, file, JSON, 400, 401, 404, a method not allowed", async () => {
    const answers = await Promise.all([
      direct.app.inject({ method: 'GET', url: '/' }),
      direct.app.inject({ method: 'GET', url: '/assets/app.js' }),
      direct.app.inject({ method: 'GET', url: '/api/v1/health' }),
      direct.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
      direct.app.inject({ method: 'GET', url: '/api/v1/brands/paged' }),
      direct.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      direct.app.inject({ method: 'PATCH', url: '/api/v1/health' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 400, 401, 404, 404]);
    for (const { headers } of answers) {
      expect(headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
    }
  });

  it("the reference's policy and the auth no-store whatever the case of the path", async () => {
    const docs = await direct.app.inject({ method: 'GET', url: '/API/Docs' });
    expect(directives(docs.headers['content-security-policy']).get('script-src')).toContain(
      "'unsafe-inline'",
    );
    const docsLike = await direct.app.inject({ method: 'GET', url: '/api/docsx' });
    expect(directives(docsLike.headers['content-security-policy']).get('script-src')).not.toContain(
      "'unsafe-inline'",
    );
    const login = await direct.app.inject({
      method: 'POST',
      url: '/API/V1/Auth/login',
      payload: { username: 'nadie@example.com', password: 'x' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const file = await direct.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(file.headers['cache-control']).not.toBe('no-store');
  });

  it('every auth answer is no-store, success or failure', async () => {
    const ok = await signIn(direct);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refresh = await direct.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token' });
    expect(refresh.headers['cache-control']).toBe('no-store');
    const bad = await direct.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('https: HSTS and Secure cookies', () => {
  it('no HSTS and no Secure cookie over plain http', async () => {
    const response = await signIn(direct);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const response = await signIn(direct, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('behind a trusted proxy that says https: HSTS and a Secure refresh cookie', async () => {
    const response = await signIn(proxied, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^anaquel_refresh=/);
    expect(cookie).toMatch(/; Secure/);
    const page = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('TRUST_PROXY', () => {
  const load = (value?: string) =>
    loadConfig({ TRUST_PROXY: value, JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() }).trustProxy;

  it('is off by default and reads true/false, hops:<n> and address lists', () => {
    expect(load()).toBe(false);
    expect(load('true')).toBe(true);
    expect(load('off')).toBe(false);
    expect(load('hops:2')).toBe(2);
    expect(load('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses anything else at start', () => {
    expect(() => load('everyone')).toThrow(/TRUST_PROXY must be/);
  });
});
