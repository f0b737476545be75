// `pnpm bench:import` (issue 23): the bulk import of points of sale on PostgreSQL.
//
// For each size (BENCH_IMPORT_SIZES, default 10 000 and 100 000 rows) a scratch database gets the
// platform seed and a fresh server process (packages/server/src/main.ts); a CSV of that many new
// points of sale (as Excel saves it: Spanish headers, the state by name) is uploaded over HTTP to
// the dry run (`POST /imports/pointofsales/check`) and then to the confirm (`POST
// /imports/pointofsales`), which writes every row in one transaction. Beside it, in the same run
// and on the same server, a bare `COPY points_of_sale_copy FROM '<file>'` loads the same rows
// into a table made `LIKE points_of_sale INCLUDING ALL` (its generated columns and indexes, no
// foreign key): the ceiling of what PostgreSQL can take. Reported: rows/s of the dry run, of the
// confirm, of the whole import (dry run + confirm: what the user waits for) and of COPY, their
// ratio (target >= 0.25), and the server process's peak RSS (VmHWM) at each size (target: at
// 100 000 within 1.3x of 10 000), beside its peak before the import (started and signed in). Printed as markdown and written to
// bench/results/import-<date>.json. BENCH_DATABASE_URL names the PostgreSQL server (default the
// local one), BENCH_PORT the server's first port (default 3240).
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminToken, scratchDatabase, startServer } from './fault/server-process.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.BENCH_IMPORT_SIZES ?? '10000,100000').split(',').map(Number);
const basePort = Number(process.env.BENCH_PORT ?? 3240);

const HEADER =
  'Código,Nombre,Estado,Código postal,Ciudad,Municipio,Asentamiento,Calle,Número exterior,Número interior,Latitud,Longitud,Activo';
const CDMX_ID = 9;

function row(i: number): string[] {
  const code = `PV-${String(i).padStart(7, '0')}`;
  return [
    code,
    `Tienda ${i} del centro`,
    'Ciudad de México',
    '04100',
    'Ciudad de México',
    'Coyoacán',
    'Del Carmen',
    `Avenida ${i % 997}`,
    String(1 + (i % 300)),
    i % 3 === 0 ? `Local ${i % 50}` : '',
    (19 + (i % 1000) / 10_000).toFixed(6),
    (-99 - (i % 1000) / 10_000).toFixed(6),
    i % 10 === 0 ? 'No' : 'Sí',
  ];
}

/** The import's CSV (Spanish headers, the state by name) and COPY's (ids, booleans). */
async function writeFiles(dir: string, rows: number) {
  const importLines = [HEADER];
  const copyLines: string[] = [];
  for (let i = 1; i <= rows; i += 1) {
    const cells = row(i);
    importLines.push(cells.join(','));
    const [code, name, , zip, city, municipality, settlement, street, ext, int, lat, lng, active] =
      cells;
    copyLines.push(
      [
        code,
        name,
        CDMX_ID,
        zip,
        city,
        municipality,
        settlement,
        street,
        ext,
        int,
        lat,
        lng,
        active === 'Sí' ? 't' : 'f',
      ].join(','),
    );
  }
  const importFile = path.join(dir, `puntos-${rows}.csv`);
  const copyFile = path.join(dir, `copy-${rows}.csv`);
  await writeFile(importFile, `${importLines.join('\n')}\n`);
  await writeFile(copyFile, `${copyLines.join('\n')}\n`);
  // PostgreSQL's server process reads COPY's file.
  await chmod(copyFile, 0o644);
  return { importFile, copyFile };
}

async function upload(origin: string, token: string, url: string, file: string) {
  const form = new FormData();
  const bytes = new Uint8Array(await readFile(file));
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'puntos.csv');
  const started = performance.now();
  const response = await fetch(`${origin}/api/v1/imports/pointofsales${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as {
    data?: { created: number; errorCount: number; written: boolean };
  };
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || !body.data || body.data.errorCount > 0) {
    throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return { seconds, report: body.data };
}

async function bareCopy(databaseUrl: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop table if exists points_of_sale_copy');
    await client.query('create table points_of_sale_copy (like points_of_sale including all)');
    const started = performance.now();
    await client.query(
      `copy points_of_sale_copy (code, name, state_id, zip_code, city, municipality, settlement, street, external_number, internal_number, latitude, longitude, is_active) from '${file}' with (format csv)`,
    );
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** The process's peak (VmHWM) or current (VmRSS) resident memory in MB. */
async function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

interface SizeResult {
  rows: number;
  checkSeconds: number;
  confirmSeconds: number;
  copySeconds: number;
  checkRowsPerSecond: number;
  confirmRowsPerSecond: number;
  importRowsPerSecond: number;
  copyRowsPerSecond: number;
  ratio: number;
  /** The server's peak before the import (started, signed in): what the import adds is above. */
  idleHwmMb: number;
  vmHwmMb: number;
}

async function measure(rows: number, index: number, dir: string): Promise<SizeResult> {
  const { importFile, copyFile } = await writeFiles(dir, rows);
  const database = await scratchDatabase('anaquel_bench_import');
  const server = await startServer({
    databaseUrl: database.url,
    port: basePort + index,
    dataDir: path.join(dir, `data-${rows}`),
  });
  try {
    const token = await adminToken(server.origin);
    const idleHwm = await memoryMb(server.child.pid!, 'VmHWM');
    const check = await upload(server.origin, token, '/check', importFile);
    const confirm = await upload(server.origin, token, '', importFile);
    if (!confirm.report.written || confirm.report.created !== rows) {
      throw new Error(`the confirm wrote ${confirm.report.created} of ${rows}`);
    }
    const vmHwm = await memoryMb(server.child.pid!, 'VmHWM');
    const copySeconds = await bareCopy(database.url, copyFile);
    const importSeconds = check.seconds + confirm.seconds;
    return {
      rows,
      checkSeconds: check.seconds,
      confirmSeconds: confirm.seconds,
      copySeconds,
      checkRowsPerSecond: rows / check.seconds,
      confirmRowsPerSecond: rows / confirm.seconds,
      importRowsPerSecond: rows / importSeconds,
      copyRowsPerSecond: rows / copySeconds,
      ratio: copySeconds / importSeconds,
      idleHwmMb: idleHwm,
      vmHwmMb: vmHwm,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const dir = path.join(tmpdir(), `anaquel-bench-import-${Date.now().toString(36)}`);
  await mkdir(dir, { recursive: true });
  const results: SizeResult[] = [];
  try {
    for (const [index, rows] of sizes.entries()) {
      process.stderr.write(`import of ${rows} points of sale…\n`);
      results.push(await measure(rows, index, dir));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const lines = [
    '| rows | dry run s (rows/s) | confirm s (rows/s) | whole import rows/s | COPY s (rows/s) | import / COPY | server VmHWM MB (before the import) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${fmt(r.rows)} | ${r.checkSeconds.toFixed(1)} (${fmt(r.checkRowsPerSecond)}) | ${r.confirmSeconds.toFixed(1)} (${fmt(r.confirmRowsPerSecond)}) | ${fmt(r.importRowsPerSecond)} | ${r.copySeconds.toFixed(2)} (${fmt(r.copyRowsPerSecond)}) | ${r.ratio.toFixed(2)} | ${r.vmHwmMb.toFixed(0)} (${r.idleHwmMb.toFixed(0)}) |`,
    ),
  ];
  if (results.length >= 2) {
    const growth = results.at(-1)!.vmHwmMb / results[0]!.vmHwmMb;
    lines.push(
      '',
      `peak RSS ${fmt(results.at(-1)!.rows)} / ${fmt(results[0]!.rows)}: ${growth.toFixed(2)}x`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(
    benchDir,
    'results',
    `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  await writeFile(
    file,
    JSON.stringify({ machine: { cpus: cpus().length, model: cpus()[0]?.model }, results }, null, 2),
  );
}

await main();
