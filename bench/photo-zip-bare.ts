// The bare yazl side of `pnpm bench:photos` (photos.ts), in its own process: the same photo
// files, in the same order, stored (no deflate) by yazl's own addFile, answered over a plain
// node:http server (the same transport as the server's ZIP, read by the same client). Prints
// {"port"} once listening; GET /zip answers the ZIP, GET /done answers {"vmHwmKb"} and exits.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'server',
);
const { ZipFile } = createRequire(path.join(serverDir, 'package.json'))('yazl') as {
  ZipFile: new () => {
    outputStream: NodeJS.ReadableStream;
    addFile(realPath: string, name: string, options: { compress: boolean }): void;
    end(): void;
  };
};

const files = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as [string, string][];

const server = createServer((request, response) => {
  if (request.url === '/done') {
    const status = readFileSync('/proc/self/status', 'utf8');
    response.end(JSON.stringify({ vmHwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) }));
    server.close();
    return;
  }
  const zip = new ZipFile();
  for (const [realPath, name] of files) zip.addFile(realPath, name, { compress: false });
  zip.end();
  response.writeHead(200, { 'content-type': 'application/zip' });
  zip.outputStream.pipe(response);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
