// `pnpm --filter @anaquel/bench bench:visits` (issue 11): the visits on PostgreSQL.
//
// 1. Read side, with 1 000 000 answers: a few hundred demo visits are stored through the sync
//    code (seed/visits-demo.ts), then copied in SQL (shifted by seconds, new ids and UUIDs) until
//    the answers table holds BENCH_ANSWERS rows (default 1 000 000) over the last 8 weeks. Then
//    autocannon (child process, BENCH_CONNECTIONS=10, BENCH_DURATION s) loads, beside the bare
//    node:http baseline: the check-in list for a 7-day window (page 1, default sort), the same
//    for one promoter, and the result tree of a survey. Target: p99 <= 50 ms for both.
// 2. Write side: 1 000 visits x 30 answers (a 30-question survey) sent by one promoter in
//    batches of 50 over HTTP (`POST sync/checkins`), visits per second; then the same batches
//    again (the retry: every visit answered from the stored rows, nothing written).
//
// Needs BENCH_DATABASE_URL (a PostgreSQL server; a scratch database is created and dropped).
// BENCH_VISITS_DB=<name> keeps the seeded database under that name instead (created and seeded
// when missing, reused as it is when it already holds visits; never dropped): the 2-minute
// seeding once for several runs. BENCH_SCENARIOS=checkins-7d,result-tree measures only those
// (the baseline always runs); BENCH_WRITE=false leaves out the write side. Besides req/s and
// latency, each read scenario reports per request the CPU time of this process (the server),
// of its PostgreSQL backends and the statements sent: the figures a loaded machine moves least.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '@anaquel/server/src/app.ts';
import { startSession } from '@anaquel/server/src/auth/sessions.ts';
import { signAccessToken } from '@anaquel/server/src/auth/tokens.ts';
import { createDatabase, type Database } from '@anaquel/server/src/db/client.ts';
import {
  campaignPointsOfSale,
  campaigns,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '@anaquel/server/src/db/schema/index.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { LocalFileStorage } from '@anaquel/server/src/files/storage.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import {
  DEMO_CAMPAIGNS,
  ensureDemoWorld,
  generateDemoVisits,
  loadDemoWorld,
} from '@anaquel/server/src/seed/visits-demo.ts';
import { mexicoCityDay, addDays } from '@anaquel/server/src/visits/dates.ts';
import { backendCpu, statementsSent } from './cpu-meter.ts';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const targetAnswers = Number(process.env.BENCH_ANSWERS ?? 1_000_000);
const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
const keptName = process.env.BENCH_VISITS_DB?.trim();
const chosen = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
const writeSide = process.env.BENCH_WRITE !== 'false';
if (!serverUrl) {
  process.stderr.write('BENCH_DATABASE_URL is required (a PostgreSQL server)\n');
  process.exit(2);
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

interface Report {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

function load(url: string, token: string | null, seconds: number): Promise<Report> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error('loopback only');
  const args = [autocannonCli, '-j', '-n', '-c', String(connections), '-d', String(seconds)];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr || error.message));
      else resolve(JSON.parse(stdout) as Report);
    });
  });
}

/** Copies every visit (and what hangs below it) until `answers` holds `target` rows. */
async function multiply(database: Database, target: number): Promise<void> {
  const db = database.db;
  const count = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
      )[0]!.n,
    );
  const baseAnswers = await count('answers');
  const copies = Math.max(0, Math.ceil(target / baseAnswers) - 1);
  const max = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql.raw(`select coalesce(max(id), 0)::bigint as n from ${table}`)),
      )[0]!.n,
    );
  const [mCheckIn, mSurvey, mAnswer] = [
    await max('check_ins'),
    await max('check_in_surveys'),
    await max('answers'),
  ];
  process.stdout.write(`   ${baseAnswers} answers stored through the sync; ${copies} copies…\n`);
  for (let k = 1; k <= copies; k++) {
    // Each copy is shifted back by k*97 seconds (same days, new instants), new ids and UUIDs.
    await db.execute(
      sql.raw(`
      insert into check_ins (id, uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
        unavailable, start_date, end_date, check_in_latitude, check_in_longitude,
        check_out_latitude, check_out_longitude, synced_at)
      overriding system value
      select id + ${k * mCheckIn}, gen_random_uuid(), payload_hash, user_id, point_of_sale_id,
        campaign_id, unavailable, start_date - interval '${k * 97} seconds',
        end_date - interval '${k * 97} seconds', check_in_latitude, check_in_longitude,
        check_out_latitude, check_out_longitude, synced_at
      from check_ins where id <= ${mCheckIn};
      insert into check_in_photos (check_in_id, file_id, "order")
      select check_in_id + ${k * mCheckIn}, file_id, "order" from check_in_photos
      where check_in_id <= ${mCheckIn};
      insert into check_in_surveys (id, check_in_id, survey_id, product_id, start_date, end_date,
        answer_points, survey_points)
      overriding system value
      select id + ${k * mSurvey}, check_in_id + ${k * mCheckIn}, survey_id, product_id,
        start_date - interval '${k * 97} seconds', end_date - interval '${k * 97} seconds',
        answer_points, survey_points
      from check_in_surveys where id <= ${mSurvey};
      insert into check_in_survey_segments (check_in_survey_id, segment_id, answer_points,
        survey_points, hidden)
      select check_in_survey_id + ${k * mSurvey}, segment_id, answer_points, survey_points, hidden
      from check_in_survey_segments where check_in_survey_id <= ${mSurvey};
      insert into answers (id, check_in_survey_id, question_id, text_value, int_value,
        decimal_value, date_value, is_na, points, survey_points)
      overriding system value
      select id + ${k * mAnswer}, check_in_survey_id + ${k * mSurvey}, question_id, text_value,
        int_value, decimal_value, date_value, is_na, points, survey_points
      from answers where id <= ${mAnswer};
      insert into answer_options (answer_id, option_id, value, other_text)
      select answer_id + ${k * mAnswer}, option_id, value, other_text from answer_options
      where answer_id <= ${mAnswer};
      insert into answer_photos (answer_id, file_id, "order")
      select answer_id + ${k * mAnswer}, file_id, "order" from answer_photos
      where answer_id <= ${mAnswer};
    `),
    );
    if (k % 10 === 0) process.stdout.write(`   copy ${k}/${copies}\n`);
  }
  for (const table of ['check_ins', 'check_in_surveys', 'answers']) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      ),
    );
  }
  // The steady state autovacuum reaches after a bulk load (visibility map for index-only scans,
  // statistics), so that the measurement does not race the vacuum of a million fresh rows.
  await db.execute(sql.raw('vacuum analyze'));
  process.stdout.write(
    `   answers ${await count('answers')}, visits ${await count('check_ins')}, check-in surveys ${await count('check_in_surveys')}\n`,
  );
}

/** A survey of 30 required questions (10 single choice, 10 integer, 10 text) on the campaign. */
async function thirtyQuestionSurvey(database: Database, campaignId: number) {
  const db = database.db;
  const [survey] = await db
    .insert(surveys)
    .values({ campaignId, type: 1, name: 'Bench 30 preguntas', points: 60 })
    .returning({ id: surveys.id });
  const [segment] = await db
    .insert(segments)
    .values({ surveyId: survey!.id, name: 'Todo', order: 0, points: 60 })
    .returning({ id: segments.id });
  const items: { id: number; type: number; options: number[] }[] = [];
  for (let n = 0; n < 30; n++) {
    const type = n % 3 === 0 ? 5 : n % 3 === 1 ? 1 : 0;
    const [question] = await db
      .insert(questions)
      .values({
        segmentId: segment!.id,
        type,
        order: n,
        description: `Pregunta ${n + 1}`,
        points: 2,
      })
      .returning({ id: questions.id });
    const options: number[] = [];
    if (type === 5) {
      for (let o = 0; o < 3; o++) {
        const [row] = await db
          .insert(multipleOptions)
          .values({ questionId: question!.id, order: o, description: `Opción ${o + 1}`, points: o })
          .returning({ id: multipleOptions.id });
        options.push(row!.id);
      }
    }
    items.push({ id: question!.id, type, options });
  }
  return { surveyId: survey!.id, items };
}

/** An access token of a live session of the user (as a sign-in would give). */
async function tokenOf(database: Database, jwtSecret: string, userId: number): Promise<string> {
  const session = await startSession(database.db, userId, false);
  return signAccessToken({ userId, sessionId: session.familyId }, jwtSecret);
}

async function main(): Promise<void> {
  if (keptName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keptName)) {
    throw new Error('BENCH_VISITS_DB: lower-case letters, digits and _ only');
  }
  const name = keptName || `anaquel_bench_visits_${Date.now()}`;
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  const exists =
    (await monitor.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await monitor.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-visits-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const database = await createDatabase(config);
  const storage = new LocalFileStorage(path.join(dataDir, 'files'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let baseline: ReturnType<typeof createServer> | undefined;
  try {
    await database.migrate();
    const seeded =
      exists &&
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from answers`),
      )[0]!.n > 0;
    if (seeded) {
      process.stdout.write(`## visits on PostgreSQL: reusing the seeded database ${name}\n`);
    } else {
      process.stdout.write('## visits on PostgreSQL: seeding…\n');
      await seed(database.db, config, { demo: true, storage });
      await ensureDemoWorld(database.db, config);
      await generateDemoVisits(database.db, storage, { visits: 600, days: 56, seed: 11 });
      await multiply(database, targetAnswers);
    }

    app = await buildApp({ config, db: database.db, storage });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const healthBody = await (await fetch(`${origin}/api/v1/health`)).text();
    baseline = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(healthBody);
    });
    await new Promise<void>((resolve) => baseline!.listen(0, '127.0.0.1', resolve));
    const baselineOrigin = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
    const adminToken = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`select id from users where lower(email) = ${config.adminEmail}`,
      ),
    )[0]!.id;
    const token = await tokenOf(database, config.jwtSecret, adminToken);

    const today = mexicoCityDay(new Date());
    const window = `startDate=${addDays(today, -6)}&endDate=${today}`;
    const world = await loadDemoWorld(database.db);
    const promoterId = world.promoters[0]!.promoter.userId;
    const [storeSurvey] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        select cs.id from check_in_surveys cs join surveys s on s.id = cs.survey_id
        where s.type = 1 order by cs.id desc limit 1`),
    );
    const windowCount = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from check_ins
        where start_date >= now() - interval '7 days'`),
    )[0]!.n;
    process.stdout.write(`   visits in the last 7 days: ${windowCount}\n`);

    const scenarios = [
      { name: 'baseline', url: `${baselineOrigin}/api/v1/health`, auth: false },
      { name: 'checkins-7d', url: `${origin}/api/v1/checkins?${window}`, auth: true },
      {
        name: 'checkins-7d-promoter',
        url: `${origin}/api/v1/checkins?${window}&promoterId=${promoterId}`,
        auth: true,
      },
      {
        name: 'checkins-7d-page-50',
        url: `${origin}/api/v1/checkins?${window}&Page=50`,
        auth: true,
      },
      {
        name: 'result-tree',
        url: `${origin}/api/v1/checkins/surveys/${storeSurvey!.id}`,
        auth: true,
      },
    ];
    const lines = [
      '| scenario | req/s | p50 ms | p99 ms | vs baseline | one at a time p50 / max ms | node µs / db µs / statements per request | non-2xx / errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    let ceiling = 0;
    const measured = scenarios.filter(
      (s) => !chosen || s.name === 'baseline' || chosen.includes(s.name),
    );
    for (const scenario of measured) {
      const check = await fetch(scenario.url, {
        headers: scenario.auth ? { authorization: `Bearer ${token}` } : {},
      });
      if (!check.ok) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
      await load(scenario.url, scenario.auth ? token : null, 2);
      const cpuBefore = process.cpuUsage();
      const dbBefore = await backendCpu(monitor, name);
      const statementsBefore = statementsSent();
      const r = await load(scenario.url, scenario.auth ? token : null, duration);
      const cpu = process.cpuUsage(cpuBefore);
      const perRequest = (value: number) => Math.round(value / Math.max(1, r.requests.total));
      const cost =
        scenario.name === 'baseline'
          ? ''
          : `${perRequest(cpu.user + cpu.system)} / ${perRequest((await backendCpu(monitor, name)) - dbBefore)} / ${((statementsSent() - statementsBefore) / Math.max(1, r.requests.total)).toFixed(2)}`;
      if (scenario.name === 'baseline') ceiling = r.requests.average;
      // One request at a time: the cost of a request without queueing behind the others.
      const single: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await (
          await fetch(scenario.url, {
            headers: scenario.auth ? { authorization: `Bearer ${token}` } : {},
          })
        ).arrayBuffer();
        single.push(performance.now() - started);
      }
      single.sort((a, b) => a - b);
      const one = `${single[25]!.toFixed(1)} / ${single[49]!.toFixed(1)}`;
      const ratio = ceiling ? `${((r.requests.average / ceiling) * 100).toFixed(1)} %` : '';
      lines.push(
        `| ${scenario.name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${ratio} | ${one} | ${cost} | ${r.non2xx} / ${r.errors} |`,
      );
      process.stdout.write(`   ${lines[lines.length - 1]}\n`);
    }

    if (!writeSide) {
      process.stdout.write(`\n${lines.join('\n')}\n`);
      return;
    }
    // Write side: 1 000 visits x 30 answers.
    const [campaign] = await database.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.name, DEMO_CAMPAIGNS.season));
    const { surveyId, items } = await thirtyQuestionSurvey(database, campaign!.id);
    const promoter = world.promoters[0]!.promoter;
    const places = rowsOf<{ id: number; state_id: number }>(
      await database.db.execute(sql`
        select p.id, p.state_id from points_of_sale p
        join ${campaignPointsOfSale} c on c.point_of_sale_id = p.id and c.campaign_id = ${campaign!.id}`),
    ).filter((p) => promoter.stateIds.has(p.state_id));
    const promoterToken = await tokenOf(database, config.jwtSecret, promoter.userId);
    const visits = Array.from({ length: 1000 }, (_, n) => {
      const start = new Date(Date.now() - (n + 10) * 60_000 - 86_400_000);
      return {
        uuid: randomUUID(),
        campaignId: campaign!.id,
        pointOfSaleId: places[n % places.length]!.id,
        unavailable: false,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 30 * 60_000).toISOString(),
        checkInLatitude: 19.43,
        checkInLongitude: -99.13,
        checkOutLatitude: 19.43,
        checkOutLongitude: -99.13,
        photoIds: [],
        surveys: [
          {
            surveyId,
            productId: null,
            startDate: start.toISOString(),
            endDate: null,
            answers: items.map((q, i) =>
              q.type === 5
                ? { questionId: q.id, options: [{ optionId: q.options[(n + i) % 3]! }] }
                : q.type === 1
                  ? { questionId: q.id, intValue: n + i }
                  : { questionId: q.id, textValue: `Respuesta ${n}-${i}` },
            ),
          },
        ],
      };
    });
    const send = async () => {
      const started = performance.now();
      for (let i = 0; i < visits.length; i += 50) {
        const response = await fetch(`${origin}/api/v1/sync/checkins`, {
          method: 'POST',
          headers: { authorization: `Bearer ${promoterToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ checkIns: visits.slice(i, i + 50) }),
        });
        const body = (await response.json()) as { data: { results: { status: string }[] } };
        if (!response.ok || body.data.results.some((r) => r.status !== 'created')) {
          throw new Error(`sync failed: ${JSON.stringify(body).slice(0, 500)}`);
        }
      }
      return (performance.now() - started) / 1000;
    };
    const first = await send();
    const retry = await send();
    const stored = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from check_in_surveys where survey_id = ${surveyId}`,
      ),
    )[0]!.n;
    lines.push(
      '',
      '| sync | visits | answers | seconds | visits/s |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| first send (20 batches of 50) | 1000 | 30000 | ${first.toFixed(1)} | ${Math.round(1000 / first)} |`,
      `| retry of the same batches | 1000 | 0 new (stored: ${stored}) | ${retry.toFixed(1)} | ${Math.round(1000 / retry)} |`,
    );
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await new Promise<void>((resolve) => (baseline ? baseline.close(() => resolve()) : resolve()));
    await app?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    if (!keptName) await monitor.query(`drop database if exists ${name} with (force)`);
    await monitor.end();
  }
}

await main();
