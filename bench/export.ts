// `pnpm bench:export` (issue 12): the Excel export of a product survey on PostgreSQL.
//
// A scratch database gets the platform seed and the demo master data, then a 30-question product
// survey (3 segments; text, integer, decimal, date and single-choice questions) and its answers,
// inserted in SQL with generate_series: visits of 4 products each, 30 answers per product.
// At 100 000 and then 200 000 rows (visit x product), and with BENCH_EXPORT_MILLION=1 at
// 1 000 000, a fresh server process (packages/server/src/main.ts) answers
// `GET /reports/product-survey-export` over HTTP; beside it, in the same run, a bare exceljs
// `stream.xlsx.WorkbookWriter` in its own process writes the same cells (the same values from the
// same formulas as the seed, the same number formats) into a discarding stream; each side runs
// BENCH_EXPORT_REPEAT times (default 2; the bare writer once more, first) alternately, and the
// fastest run of each is compared (the machine's speed moves between runs). Reported: rows/s
// of both and their ratio (target >= 0.7), peak RSS (VmHWM) of the server process and of the bare
// writer (target: the server's at 200k within 1.2x of its figure at 100k), time to the response
// headers and to the first byte of the file, and CPU time per 1 000 rows (the server process
// with every thread, its PostgreSQL backends, the bare writer's process). Written to
// bench/results/export-<date>.json and printed as a markdown table. BENCH_DATABASE_URL names the
// PostgreSQL server (default the local one), BENCH_PORT the server's port (default 3230).
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminToken, scratchDatabase, startServer } from './fault/server-process.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.join(benchDir, '..', 'packages', 'server');
// The part of exceljs' streaming API the bare writer uses (the package is the server's
// dependency; the bench loads that very copy).
interface BareRow {
  font: object;
  getCell(column: number): { value: unknown; style: object };
  commit(): void;
}
interface BareSheet {
  columns: { key: string; width: number }[];
  autoFilter: object;
  addRow(values: unknown[]): BareRow;
  commit(): void;
}
interface BareWorkbook {
  addWorksheet(name: string, options?: object): BareSheet;
  commit(): Promise<void>;
}
const ExcelJS = createRequire(path.join(serverDir, 'package.json'))('exceljs') as {
  stream: {
    xlsx: {
      WorkbookWriter: new (options: {
        stream: Writable;
        useStyles: boolean;
        useSharedStrings: boolean;
      }) => BareWorkbook;
    };
  };
};

const PRODUCTS_PER_VISIT = 4;
const QUESTIONS = 30;
const SEGMENTS = 3;
/** Question types in turn: text, integer, decimal, date, single choice. */
const TYPES = [0, 1, 2, 3, 5] as const;
const FIRST_VISIT = Date.UTC(2026, 0, 5, 15, 0, 0);
const VISIT_STEP_SECONDS = 7;
/** America/Mexico_City has had no daylight saving time since 2022: UTC-6 all year. */
const MEXICO_OFFSET_MS = -6 * 3600_000;
const FIXED_HEADERS = 16;

interface Lookups {
  users: string[];
  pointsOfSale: {
    code: string;
    name: string;
    state: string;
    municipality: string;
    city: string | null;
  }[];
  clients: (string | null)[];
  products: { sku: string; name: string; brand: string }[];
}

// ---------------------------------------------------------------------------------------------
// The bare writer (child process: `export.ts --baseline <rows> <lookups.json>`)

class Sink extends Writable {
  bytes = 0;
  firstByteAt = 0;
  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    if (this.bytes === 0) this.firstByteAt = performance.now();
    this.bytes += chunk.length;
    callback();
  }
}

function vmHwmKb(pid: number | 'self'): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) =>
    Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0),
  );
}

const wallClock = (ms: number) => new Date(ms + MEXICO_OFFSET_MS);

/** The cells of data row `r` (0-based), as the seed's SQL formulas make them. */
function cellsOf(r: number, lookups: Lookups): (string | number | Date | null)[] {
  const visit = Math.floor(r / PRODUCTS_PER_VISIT) + 1;
  const k = r % PRODUCTS_PER_VISIT;
  const cs = r + 1;
  const start = FIRST_VISIT + (visit - 1) * VISIT_STEP_SECONDS * 1000;
  const user = lookups.users[visit % lookups.users.length]!;
  const posIndex = visit % lookups.pointsOfSale.length;
  const pos = lookups.pointsOfSale[posIndex]!;
  const product = lookups.products[k % lookups.products.length]!;
  const values: (string | number | Date | null)[] = [
    visit,
    wallClock(start),
    wallClock(start + 30 * 60_000),
    30,
    wallClock(start + 3600_000),
    user,
    pos.code,
    pos.name,
    pos.state,
    pos.municipality,
    pos.city,
    lookups.clients[posIndex] ?? null,
    'Sí',
    product.sku,
    product.name,
    product.brand,
  ];
  let total = 0;
  const segmentPoints = new Array<number>(SEGMENTS).fill(0);
  for (let n = 0; n < QUESTIONS; n++) {
    const type = TYPES[n % TYPES.length]!;
    const points = type === 5 ? (cs + n) % 3 : 2;
    total += points;
    segmentPoints[Math.floor(n / (QUESTIONS / SEGMENTS))]! += points;
    values.push(
      type === 0
        ? `Respuesta ${cs}-${n}`
        : type === 1
          ? (cs * 7 + n) % 1000
          : type === 2
            ? ((cs * 13 + n) % 10000) / 100
            : type === 3
              ? new Date(Date.UTC(2026, 0, 1) + ((cs + n) % 365) * 86_400_000)
              : `Opción ${((cs + n) % 3) + 1}`,
      points,
    );
  }
  values.push(...segmentPoints, total, 60);
  return values;
}

async function baseline(rows: number, lookupsFile: string): Promise<void> {
  const lookups = JSON.parse(await readFile(lookupsFile, 'utf8')) as Lookups;
  const sink = new Sink();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Reporte', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 2 }],
  });
  const width = FIXED_HEADERS + QUESTIONS * 2 + SEGMENTS + 2;
  sheet.columns = Array.from({ length: width }, (_, i) => ({ key: String(i), width: 14 }));
  const top = sheet.addRow(Array.from({ length: width }, (_, i) => `Sección ${i}`));
  top.font = { bold: true, italic: true };
  top.commit();
  const head = sheet.addRow(Array.from({ length: width }, (_, i) => `Columna ${i}`));
  head.font = { bold: true };
  head.commit();
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: width } };
  // One shared style object per number format and per kind of plain value, as the server does
  // (exceljs caches a style id by the object's identity).
  const formats: (string | undefined)[] = new Array<string | undefined>(width).fill(undefined);
  for (const column of [2, 3, 5]) formats[column - 1] = 'yyyy-mm-dd hh:mm';
  for (let n = 0; n < QUESTIONS; n++) {
    const type = TYPES[n % TYPES.length]!;
    const index = FIXED_HEADERS + n * 2;
    if (type === 3) formats[index] = 'yyyy-mm-dd';
    if (type === 2) formats[index] = '0.00##';
    formats[index + 1] = '0.00';
  }
  for (let index = FIXED_HEADERS + QUESTIONS * 2; index < width; index++) formats[index] = '0.00';
  const shared = new Map<string, { numFmt: string }>();
  const styles = formats.map((numFmt) => {
    if (numFmt === undefined) return undefined;
    if (!shared.has(numFmt)) shared.set(numFmt, { numFmt });
    return shared.get(numFmt);
  });
  const plain = { string: {}, number: {}, date: {}, null: {} };
  for (let r = 0; r < rows; r++) {
    const row = sheet.addRow(cellsOf(r, lookups));
    for (let index = 0; index < width; index++) {
      const cell = row.getCell(index + 1);
      const value = cell.value;
      cell.style =
        styles[index] ??
        (value === null
          ? plain.null
          : typeof value === 'number'
            ? plain.number
            : value instanceof Date
              ? plain.date
              : plain.string);
    }
    row.commit();
    // Yield now and then, as the server does between its batches.
    if (r % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  const info = workbook.addWorksheet('Filtros');
  info.addRow(['Filas', rows]).commit();
  info.commit();
  await workbook.commit();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      bytes: sink.bytes,
      firstByteMs: sink.firstByteAt - started,
      vmHwmKb: await vmHwmKb('self'),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Seeding

async function seedWorld(url: string, dataDir: string) {
  // The platform seed and the demo master data, through the server's own code.
  const { loadConfig } = await import('@anaquel/server/src/env.ts');
  const { createDatabase } = await import('@anaquel/server/src/db/client.ts');
  const { seed } = await import('@anaquel/server/src/seed/index.ts');
  const { masterDataSeeder } = await import('@anaquel/server/src/seed/master-data.ts');
  const { LocalFileStorage } = await import('@anaquel/server/src/files/storage.ts');
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const database = await createDatabase(config);
  try {
    await database.migrate();
    await seed(database.db, config, { demo: false });
    const storage = new LocalFileStorage(path.join(dataDir, 'files'));
    await masterDataSeeder.run({ db: database.db, config, storage });
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await client.query<T & pg.QueryResultRow>(text, values)).rows[0]!;
    const { id: campaignId } = await one<{ id: number }>(
      `insert into campaigns (name, start_date) values ('Campaña Bench Exportación', '2026-01-01')
       returning id`,
    );
    await client.query(
      `insert into campaign_clients (campaign_id, client_id) select $1, id from clients`,
      [campaignId],
    );
    const { id: surveyId } = await one<{ id: number }>(
      `insert into surveys (campaign_id, type, name, points, first_answer_at)
       values ($1, 2, 'Bench 30 preguntas', 60, now()) returning id`,
      [campaignId],
    );
    for (let s = 0; s < SEGMENTS; s++) {
      const { id: segmentId } = await one<{ id: number }>(
        `insert into segments (survey_id, name, "order", points) values ($1, $2, $3, 20)
         returning id`,
        [surveyId, `Sección ${s + 1}`, s],
      );
      const perSegment = QUESTIONS / SEGMENTS;
      for (let n = s * perSegment; n < (s + 1) * perSegment; n++) {
        const type = TYPES[n % TYPES.length]!;
        const { id: questionId } = await one<{ id: number }>(
          `insert into questions (segment_id, type, "order", description, points)
           values ($1, $2, $3, $4, 2) returning id`,
          [segmentId, type, n - s * perSegment, `Pregunta ${n + 1}`],
        );
        if (type === 5) {
          for (let o = 0; o < 3; o++) {
            await client.query(
              `insert into multiple_options (question_id, "order", description, points)
               values ($1, $2, $3, $4)`,
              [questionId, o, `Opción ${o + 1}`, o],
            );
          }
        }
      }
    }
    // The fixed columns' values, for the bare writer (the same order as the seed's arrays).
    const users = await client.query<{ name: string }>(
      `select name || ' ' || last_name as name from users order by id`,
    );
    const places = await client.query<Lookups['pointsOfSale'][number] & { client: string }>(
      `select p.code, p.name, s.name as state, p.municipality, p.city,
              (select string_agg(c.commercial_name, ', ' order by c.commercial_name)
                 from client_points_of_sale cp join clients c on c.id = cp.client_id
                where cp.point_of_sale_id = p.id) as client
         from points_of_sale p join states s on s.id = p.state_id order by p.id`,
    );
    const products = await client.query<Lookups['products'][number]>(
      `select p.sku, p.name, b.name as brand from products p join brands b on b.id = p.brand_id
        order by p.id limit ${PRODUCTS_PER_VISIT}`,
    );
    if (products.rows.length < PRODUCTS_PER_VISIT) throw new Error('not enough demo products');
    const lookups: Lookups = {
      users: users.rows.map((u) => u.name),
      pointsOfSale: places.rows.map(({ client: _client, ...place }) => place),
      clients: places.rows.map((p) => p.client),
      products: products.rows,
    };
    return { campaignId, surveyId, lookups };
  } finally {
    await client.end();
  }
}

/** Adds visits so that the survey has `rows` rows (visit x product); visits are numbered 1.. */
async function grow(url: string, campaignId: number, surveyId: number, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { n: visitsNow } = (
      await client.query<{ n: number }>(`select count(*)::int as n from check_ins`)
    ).rows[0]!;
    const visitsWanted = rows / PRODUCTS_PER_VISIT;
    if (visitsWanted <= visitsNow) return;
    const started = performance.now();
    const step = 100_000 / PRODUCTS_PER_VISIT;
    for (let from = visitsNow + 1; from <= visitsWanted; from += step) {
      const to = Math.min(visitsWanted, from + step - 1);
      await client.query('begin');
      // Visit g gets id g (the table is empty but for these), user and point of sale by g.
      await client.query(
        `insert into check_ins (id, uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
           unavailable, start_date, end_date, synced_at)
         overriding system value
         select g, gen_random_uuid(), repeat('0', 64), u.ids[1 + g % cardinality(u.ids)],
                p.ids[1 + g % cardinality(p.ids)], $3, false,
                to_timestamp($4::float8 / 1000) + (g - 1) * interval '${VISIT_STEP_SECONDS} seconds',
                to_timestamp($4::float8 / 1000) + (g - 1) * interval '${VISIT_STEP_SECONDS} seconds'
                  + interval '30 minutes',
                to_timestamp($4::float8 / 1000) + (g - 1) * interval '${VISIT_STEP_SECONDS} seconds'
                  + interval '1 hour'
           from generate_series($1::int, $2::int) g,
                (select array_agg(id order by id) ids from users) u,
                (select array_agg(id order by id) ids from points_of_sale) p`,
        [from, to, campaignId, FIRST_VISIT],
      );
      // Product k of visit g is check-in survey (g - 1) * 4 + k + 1.
      await client.query(
        `insert into check_in_surveys (id, check_in_id, survey_id, product_id, start_date,
           end_date, answer_points, survey_points)
         overriding system value
         select (c.id - 1) * ${PRODUCTS_PER_VISIT} + k + 1, c.id, $3, pr.ids[1 + k], c.start_date,
                c.end_date, 0, 60
           from check_ins c cross join generate_series(0, ${PRODUCTS_PER_VISIT - 1}) k,
                (select array_agg(id order by id) ids from products) pr
          where c.id between $1 and $2`,
        [from, to, surveyId],
      );
      const csFrom = (from - 1) * PRODUCTS_PER_VISIT + 1;
      const csTo = to * PRODUCTS_PER_VISIT;
      // n is the question's position in the survey (0..29), as the bare writer numbers them.
      await client.query(
        `with q as (
           select q.id, q.type, (s."order" * ${QUESTIONS / SEGMENTS} + q."order") as n
             from questions q join segments s on s.id = q.segment_id where s.survey_id = $3
         )
         insert into answers (check_in_survey_id, question_id, text_value, int_value,
           decimal_value, date_value, points, survey_points)
         select cs, q.id,
                case when q.type = 0 then 'Respuesta ' || cs || '-' || q.n end,
                case when q.type = 1 then (cs * 7 + q.n) % 1000 end,
                case when q.type = 2 then ((cs * 13 + q.n) % 10000) / 100.0 end,
                case when q.type = 3 then date '2026-01-01' + ((cs + q.n) % 365)::int end,
                case when q.type = 5 then (cs + q.n) % 3 else 2 end, 2
           from generate_series($1::int, $2::int) cs cross join q`,
        [csFrom, csTo, surveyId],
      );
      await client.query(
        `insert into answer_options (answer_id, option_id)
         select a.id, o.id
           from answers a
           join questions q on q.id = a.question_id and q.type = 5
           join segments s on s.id = q.segment_id
           join multiple_options o on o.question_id = q.id
            and o."order" = (a.check_in_survey_id + s."order" * ${QUESTIONS / SEGMENTS} + q."order") % 3
          where a.check_in_survey_id between $1 and $2`,
        [csFrom, csTo],
      );
      await client.query(
        `insert into check_in_survey_segments (check_in_survey_id, segment_id, answer_points,
           survey_points)
         select a.check_in_survey_id, q.segment_id, sum(a.points), 20
           from answers a join questions q on q.id = a.question_id
          where a.check_in_survey_id between $1 and $2
          group by a.check_in_survey_id, q.segment_id`,
        [csFrom, csTo],
      );
      await client.query(
        `update check_in_surveys cs set answer_points = t.points
           from (select check_in_survey_id, sum(points) as points from answers
                  where check_in_survey_id between $1 and $2 group by check_in_survey_id) t
          where cs.id = t.check_in_survey_id`,
        [csFrom, csTo],
      );
      await client.query('commit');
      process.stdout.write(`   visits ${to} / ${visitsWanted}\n`);
    }
    for (const table of ['check_ins', 'check_in_surveys', 'answers']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // The steady state autovacuum reaches after a bulk load (statistics, visibility map), and
    // the load's dirty pages written out now rather than by the checkpointer during the first
    // measured runs (without it, the runs right after a seed were 20-30 % slower than the same
    // runs a minute later, bare writer included: bench/README.md "Session 8").
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    execFileSync('sync');
    process.stdout.write(
      `   ${rows} rows seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Measure {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  headersMs: number;
  firstByteMs: number;
  vmHwmMb: number;
  rssBeforeMb: number;
  /** CPU time per 1 000 rows: the process (every thread: zlib's too) and its PostgreSQL. */
  cpuMsPer1000: number;
  dbCpuMsPer1000: number;
}

/** CPU time (user + system, ms) of a process so far, every thread included. */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100)
}

/** CPU time (ms) of each PostgreSQL backend connected to the database of `url`, by pid. */
async function backendsCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cpu = new Map<number, number>();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Another machine's server (BENCH_DATABASE_URL is always a loopback one) or an ended one.
    for (const { pid } of rows)
      await cpuMsOf(pid).then(
        (ms) => cpu.set(pid, ms),
        () => {},
      );
  } finally {
    await client.end();
  }
  return cpu;
}

async function exportOnce(origin: string, token: string, surveyId: number, filter = '') {
  const started = performance.now();
  const response = await fetch(
    `${origin}/api/v1/reports/product-survey-export?surveyId=${surveyId}${filter}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const headersMs = performance.now() - started;
  if (!response.ok || !response.body) {
    throw new Error(`export: ${response.status} ${await response.text()}`);
  }
  let bytes = 0;
  let firstByteMs = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { bytes, headersMs, firstByteMs, seconds: (performance.now() - started) / 1000 };
}

async function measureServer(
  databaseUrl: string,
  surveyId: number,
  rows: number,
  port: number,
): Promise<Measure> {
  const dataDir = path.join(tmpdir(), `anaquel-export-${Date.now()}`);
  const server = await startServer({ databaseUrl, port, dataDir });
  try {
    const token = await adminToken(server.origin);
    // A first export of no row, unmeasured: the server loads exceljs on its first export (issue
    // 13), while the bare writer loads it before its clock starts. Per-row cost is compared.
    await exportOnce(server.origin, token, surveyId, '&startDate=2000-01-01&endDate=2000-01-01');
    const pid = server.child.pid!;
    const rssBeforeMb = (await vmHwmKb(pid)) / 1024;
    const dbBefore = await backendsCpu(databaseUrl);
    const cpuBefore = await cpuMsOf(pid);
    const run = await exportOnce(server.origin, token, surveyId);
    const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
    let dbCpuMs = 0;
    for (const [backend, ms] of await backendsCpu(databaseUrl)) {
      dbCpuMs += ms - (dbBefore.get(backend) ?? 0);
    }
    return {
      cpuMsPer1000: (cpuMs / rows) * 1000,
      dbCpuMsPer1000: (dbCpuMs / rows) * 1000,
      rows,
      bytes: run.bytes,
      seconds: run.seconds,
      rowsPerSecond: rows / run.seconds,
      headersMs: run.headersMs,
      firstByteMs: run.firstByteMs,
      vmHwmMb: (await vmHwmKb(pid)) / 1024,
      rssBeforeMb,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function measureBaseline(rows: number, lookupsFile: string): Promise<Measure> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, '--baseline', String(rows), lookupsFile],
      { cwd: benchDir, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(stderr || error.message));
        const r = JSON.parse(stdout) as {
          ms: number;
          cpuMs: number;
          bytes: number;
          firstByteMs: number;
          vmHwmKb: number;
        };
        resolve({
          rows,
          bytes: r.bytes,
          seconds: r.ms / 1000,
          rowsPerSecond: rows / (r.ms / 1000),
          headersMs: 0,
          firstByteMs: r.firstByteMs,
          vmHwmMb: r.vmHwmKb / 1024,
          rssBeforeMb: 0,
          cpuMsPer1000: (r.cpuMs / rows) * 1000,
          dbCpuMsPer1000: 0,
        });
      },
    );
  });
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3230);
  // BENCH_EXPORT_ROWS=4000,8000 for a quick try of the script itself.
  const sizes = process.env.BENCH_EXPORT_ROWS
    ? process.env.BENCH_EXPORT_ROWS.split(',').map(Number)
    : [100_000, 200_000, ...(process.env.BENCH_EXPORT_MILLION ? [1_000_000] : [])];
  // BENCH_EXPORT_REUSE=<folder a BENCH_EXPORT_KEEP run printed>: its database and world again
  // (grown to the sizes asked for, kept afterwards), without seeding the demo data anew.
  const reuse = process.env.BENCH_EXPORT_REUSE;
  const dataDir = reuse ?? path.join(tmpdir(), `anaquel-export-seed-${Date.now()}`);
  const lookupsFile = path.join(dataDir, 'lookups.json');
  const worldFile = path.join(dataDir, 'world.json');
  const database = reuse
    ? { url: (JSON.parse(await readFile(worldFile, 'utf8')) as { url: string }).url }
    : await scratchDatabase('bench_export');
  const keep = Boolean(process.env.BENCH_EXPORT_KEEP || reuse);
  const results: {
    rows: number;
    server: Measure;
    bare: Measure;
    ratio: number;
    serverSeconds: number[];
    bareSeconds: number[];
  }[] = [];
  const repeat = Math.min(5, Math.max(1, Number(process.env.BENCH_EXPORT_REPEAT ?? 2) || 1));
  try {
    let world: { campaignId: number; surveyId: number };
    if (reuse) {
      world = JSON.parse(await readFile(worldFile, 'utf8')) as typeof world;
    } else {
      process.stdout.write('## export on PostgreSQL: seeding…\n');
      const seeded = await seedWorld(database.url, dataDir);
      await writeFile(lookupsFile, JSON.stringify(seeded.lookups));
      world = { campaignId: seeded.campaignId, surveyId: seeded.surveyId };
      await writeFile(worldFile, JSON.stringify({ url: database.url, ...world }));
    }
    for (const rows of sizes) {
      await grow(database.url, world.campaignId, world.surveyId, rows);
      // Bare writer, then (server, bare writer) BENCH_EXPORT_REPEAT times (default 2): the
      // machine's speed moves during a run (a run of either can be 30 % slower than the one
      // before it, bench/README.md "Session 8"), so each side is its fastest run, the one least
      // disturbed, and every run is printed. Peak RSS is the highest of the server's runs.
      const bares: Measure[] = [await measureBaseline(rows, lookupsFile)];
      const servers: Measure[] = [];
      for (let run = 0; run < repeat; run++) {
        servers.push(await measureServer(database.url, world.surveyId, rows, port));
        bares.push(await measureBaseline(rows, lookupsFile));
      }
      const fastest = (runs: Measure[]): Measure => ({
        ...runs.reduce((best, run) => (run.seconds < best.seconds ? run : best)),
        vmHwmMb: Math.max(...runs.map((run) => run.vmHwmMb)),
      });
      const server = fastest(servers);
      const bare = fastest(bares);
      const secondsOf = (runs: Measure[]) => runs.map((run) => run.seconds.toFixed(1)).join(' / ');
      const ratio = server.rowsPerSecond / bare.rowsPerSecond;
      results.push({
        rows,
        server,
        bare,
        ratio,
        serverSeconds: servers.map((run) => run.seconds),
        bareSeconds: bares.map((run) => run.seconds),
      });
      process.stdout.write(
        `   ${rows} rows: server ${server.seconds.toFixed(1)} s (${Math.round(server.rowsPerSecond)} rows/s, ${(server.bytes / 1e6).toFixed(1)} MB), runs ${secondsOf(servers)} s; bare ${secondsOf(bares)} s; ratio of the fastest ${ratio.toFixed(2)}, CPU ms per 1 000 rows: server ${server.cpuMsPer1000.toFixed(0)} + PostgreSQL ${server.dbCpuMsPer1000.toFixed(0)}, bare ${bare.cpuMsPer1000.toFixed(0)}, server VmHWM ${server.vmHwmMb.toFixed(0)} MB\n`,
      );
    }
  } finally {
    // BENCH_EXPORT_KEEP=1 leaves the database and the bare writer's lookups for inspection,
    // profiling and BENCH_EXPORT_REUSE (drop and remove them by hand afterwards).
    if (keep) {
      process.stdout.write(
        `   database kept: ${database.url}, reuse with BENCH_EXPORT_REUSE=${dataDir}\n`,
      );
    } else if ('drop' in database) {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const mb = (n: number) => n.toFixed(0);
  const lines = [
    '| rows | server s | server rows/s | bare writer rows/s | ratio (>= 0.7) | headers ms | first byte ms | server RSS before / peak MB | bare writer peak MB | file MB | CPU ms / 1 000 rows: server + PostgreSQL / bare |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      ({ rows, server, bare, ratio }) =>
        `| ${rows.toLocaleString('en-US')} | ${server.seconds.toFixed(1)} | ${Math.round(server.rowsPerSecond)} | ${Math.round(bare.rowsPerSecond)} | ${ratio.toFixed(2)} | ${server.headersMs.toFixed(0)} | ${server.firstByteMs.toFixed(0)} | ${mb(server.rssBeforeMb)} / ${mb(server.vmHwmMb)} | ${mb(bare.vmHwmMb)} | ${(server.bytes / 1e6).toFixed(1)} | ${server.cpuMsPer1000.toFixed(0)} + ${server.dbCpuMsPer1000.toFixed(0)} / ${bare.cpuMsPer1000.toFixed(0)} |`,
    ),
  ];
  const at = (rows: number) => results.find((r) => r.rows === rows);
  const [small, large] = results;
  const growth = small && large ? large.server.vmHwmMb / small.server.vmHwmMb : NaN;
  const worstRatio = Math.min(...results.map((r) => r.ratio));
  const verdict = [
    `rows/s ratio (worst) ${worstRatio.toFixed(2)} (target >= 0.7): ${worstRatio >= 0.7 ? 'PASS' : 'FAIL'}`,
    `server peak RSS ${large?.rows ?? '-'} / ${small?.rows ?? '-'} rows ${growth.toFixed(2)} (target <= 1.2): ${growth <= 1.2 ? 'PASS' : 'FAIL'}`,
    ...(at(1_000_000)
      ? [`1 000 000 rows completed in ${at(1_000_000)!.server.seconds.toFixed(0)} s`]
      : []),
  ];
  const date = new Date().toISOString();
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(benchDir, 'results', `export-${date.replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date,
        machine: { cpus: cpus().length, model: cpus()[0]?.model },
        database: 'PostgreSQL',
        results,
        memoryGrowth200kOver100k: growth,
        worstRatio,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`\n${lines.join('\n')}\n\n${verdict.join('\n')}\n`);
  process.stdout.write(`written to ${path.relative(process.cwd(), file)}\n`);
  process.exitCode = worstRatio >= 0.7 && growth <= 1.2 ? 0 : 1;
}

if (process.argv[2] === '--baseline') {
  await baseline(Number(process.argv[3]), process.argv[4]!);
} else {
  await main();
}
