import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
// @ts-expect-error: plain JavaScript module without types
import { writeNginxConfig } from '../deploy/nginx-config.mjs';

// deploy/ (docs/deployment.md) stays valid: compose.yaml parses and names the services of the
// reference deployment wired as the documentation says, and nginx accepts nginx.conf (`nginx -t`,
// when nginx is installed; the several-processes journey installs it and runs it for real).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
}
const compose = parseYaml(readFileSync(path.join(root, 'deploy/compose.yaml'), 'utf8')) as {
  services: Record<string, Service>;
};
const nginxConf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');

describe('deploy/compose.yaml', () => {
  it('has two app processes, nginx, PostgreSQL and S3-compatible storage', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['app1', 'app2', 'nginx', 'postgres', 'minio']),
    );
    expect(compose.services.nginx!.image).toMatch(/^nginx:/);
    expect(compose.services.postgres!.image).toMatch(/^postgres:1[5-9]/);
    expect(compose.services.nginx!.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
  });

  it('gives both processes one database, one bucket and one signing secret', () => {
    const [one, two] = [compose.services.app1!, compose.services.app2!];
    expect(one.environment).toEqual(two.environment);
    expect(one.environment!.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/anaquel$/);
    expect(one.environment!.JWT_SECRET).toBeTruthy();
    expect(one.environment!.S3_BUCKET).toBe('anaquel');
    expect(one.environment!.AWS_ENDPOINT_URL_S3).toBe('http://minio:9000');
    expect(one.environment!.TRUST_PROXY).toBe('true');
  });

  it('checks readiness and lets a stop drain (2 min of answers in flight, plus the delay)', () => {
    const app = compose.services.app1!;
    expect(app.healthcheck!.test.join(' ')).toContain('/api/v1/health');
    expect(Number.parseInt(app.stop_grace_period!, 10)).toBeGreaterThanOrEqual(125);
  });
});

describe('deploy/nginx.conf', () => {
  it('balances app1 and app2 round-robin and streams the long answers unbuffered', () => {
    const upstream = /upstream anaquel \{([^}]*)\}/.exec(nginxConf)![1]!;
    expect(upstream).toMatch(/server app1:3000/);
    expect(upstream).toMatch(/server app2:3000/);
    expect(upstream).not.toMatch(/least_conn|ip_hash|hash /);
    expect(nginxConf).toMatch(/listen 8080;/);
    const long = /location ~ (\S+) \{([^}]*)\}/.exec(nginxConf)!;
    const pattern = new RegExp(long[1]!);
    for (const url of [
      '/api/v1/reports/product-survey-export',
      '/api/v1/checkins/photos/zip',
      '/api/v1/imports/pointofsales',
    ]) {
      expect(url, url).toMatch(pattern);
    }
    expect('/api/v1/checkins/photos').not.toMatch(pattern);
    expect(long[2]).toMatch(/proxy_buffering off;/);
    expect(long[2]).toMatch(/proxy_read_timeout 600s;/);
  });

  it('passes a request to another process only when it is safe', () => {
    expect(nginxConf).toMatch(/proxy_next_upstream error timeout http_502 http_503 http_504;/);
    expect(nginxConf).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
  });

  const nginx = spawnSync('nginx', ['-v']).error ? null : 'nginx';
  it.skipIf(!nginx)('is accepted by nginx -t (with local upstreams)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'anaquel-nginx-test-'));
    try {
      const file = writeNginxConfig({
        dir,
        port: 18_080,
        upstreams: ['127.0.0.1:14001', '127.0.0.1:14002'],
      }) as string;
      const check = spawnSync('nginx', ['-t', '-p', dir, '-c', file, '-e', 'stderr'], {
        encoding: 'utf8',
      });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
