// deploy/nginx.conf on this machine: the same file with the upstreams, the port and the paths
// (pid, temporary files, error.log) of a run (the several-processes journey, scripts/deploy-config.test.ts's `nginx -t`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const template = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
const UPSTREAM_SERVER = /^ {4}server app\d+:3000 (.*);$/gm;

/**
 * Writes `dir/nginx.conf`: deploy/nginx.conf with `upstreams` ('127.0.0.1:4001'...) in place of
 * app1 and app2, listening on 127.0.0.1:`port`, its pid file, temporary files and error.log under
 * `dir`.
 * With `upstreamHeader`, every answer says which process gave it (X-Upstream), for a test.
 * Returns the file's path.
 * @param {{ dir: string, port: number, upstreams: string[], upstreamHeader?: boolean }} run
 */
export function writeNginxConfig({ dir, port, upstreams, upstreamHeader = false }) {
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
    .replace(/^error_log stderr (\w+);$/m, `error_log ${path.join(dir, 'error.log')} $1;`)
    .replace(
      /^http \{$/m,
      [
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
        ),
        ...(upstreamHeader ? ['  add_header X-Upstream $upstream_addr always;'] : []),
      ].join('\n'),
    );
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, rendered);
  return file;
}
