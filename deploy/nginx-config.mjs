// deploy/nginx.conf on this machine: the same file with the upstreams, the port and the paths
// of a run (the several-processes journey, scripts/deploy-config.test.ts's `nginx -t`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const template = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
const UPSTREAM_SERVER = /^ {4}server app\d+:3000 (.*);$/gm;

/**
 * Writes `dir/nginx.conf`: deploy/nginx.conf with `upstreams` ('127.0.0.1:4001'...) in place of
 * app1 and app2, listening on 127.0.0.1:`port`, its pid file and temporary files under `dir`.
 * Returns the file's path.
 * @param {{ dir: string, port: number, upstreams: string[] }} run
 */
export function writeNginxConfig({ dir, port, upstreams }) {
  const text = readFileSync(template, 'utf8');
  const servers = [...text.matchAll(UPSTREAM_SERVER)];
  if (servers.length === 0) throw new Error('deploy/nginx.conf: no "server appN:3000" lines');
  const options = servers[0][1];
  let first = true;
  const rendered = text
    .replace(UPSTREAM_SERVER, () => {
      if (!first) return '';
      first = false;
      return upstreams.map((address) => `    server ${address} ${options};`).join('\n');
    })
    .replace(/^( {4})listen 8080;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(
      /^worker_processes auto;$/m,
      `worker_processes 1;\npid ${path.join(dir, 'nginx.pid')};`,
    )
    .replace(
      /^http \{$/m,
      [
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
        ),
      ].join('\n'),
    );
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, rendered);
  return file;
}
