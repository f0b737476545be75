// `pnpm bench:field` (issue #22): the promoters' field app in Chromium, on the real server.
//
// (a) The survey runner on a 300-question survey with skip logic (30 segments x 10 single-choice
//     questions x 4 options; the first option of each segment's first question hides the next
//     segment), with Chromium's CPU slowed 4x (CDP Emulation.setCPUThrottlingRate): the time from
//     an answer (a click on an option) to the updated screen (the option checked, the survey's
//     visibility and score rendered, and the frame after it painted), BENCH_FIELD_ANSWERS (120)
//     answers across the survey, some of them hiding or showing a segment. Target: p95 <= 50 ms.
// (b) The outbox: BENCH_FIELD_VISITS (200) finished visits with 2 photos each (JPEG, 1600 x 1200,
//     as the device reduces them) put in the device store while offline, then the connection
//     comes back: the time until the last one is 'sent'. Beside it, in the same run, the same
//     visits (new uuids) posted straight to the sync API from Node, the same way (each photo, then
//     batches of 50). Target: direct / outbox >= 0.5.
//
// The server runs in this process (buildApp, as bench/cpu.ts) on PGlite in a temporary DATA_DIR,
// or on a scratch PostgreSQL database when BENCH_DATABASE_URL names a server, with the demo data
// and the app built into a temporary folder (BENCH_FIELD_DIST serves an existing build). The sync's
// per-promoter rate limit (120 requests a minute) is lifted: 200 visits with 400 photos are 404
// requests, which the real limit spreads over 3-4 minutes whoever sends them; this measures what
// the outbox adds. Writes bench/results/field-<timestamp>.json.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium, type Page } from 'playwright';
import { buildApp } from '@anaquel/server/src/app.ts';
import { DEFAULT_SYNC_LIMITS } from '@anaquel/server/src/auth/limits.ts';
import { createDatabase } from '@anaquel/server/src/db/client.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { median } from './stats.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const answers = Number(process.env.BENCH_FIELD_ANSWERS ?? 120);
const visitCount = Number(process.env.BENCH_FIELD_VISITS ?? 200);
/** Which parts run: 'runner', 'outbox' or both (default). */
const parts = new Set((process.env.BENCH_FIELD_PARTS ?? 'runner,outbox').split(','));
const SEGMENTS = 30;
const PER_SEGMENT = 10;
const SURVEY_NAME = 'Bench 300 preguntas';
const SEASON = 'Exhibición de temporada';
const promoter = { email: 'promotor@anaquel.mx', password: 'Promotor#2026' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
};
const round = (ms: number) => Math.round(ms * 10) / 10;
type Db = Awaited<ReturnType<typeof createDatabase>>['db'];
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (((result as { rows?: T[] }).rows ?? []) as T[]);

/** The 300-question survey on the demo's season campaign (a point-of-sale survey). */
async function seedBigSurvey(db: Db): Promise<void> {
  const [campaign] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from campaigns where name = ${SEASON}`),
  );
  const points = SEGMENTS * PER_SEGMENT * 3;
  const [survey] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into surveys (campaign_id, type, name, points)
      values (${campaign!.id}, 1, ${SURVEY_NAME}, ${points}) returning id`),
  );
  const id = survey!.id;
  await db.execute(sql`
    insert into segments (survey_id, name, "order", points)
    select ${id}, 'Bloque ' || n, n - 1, ${PER_SEGMENT * 3} from generate_series(1, ${SEGMENTS}) as n`);
  await db.execute(sql`
    insert into questions (segment_id, type, "order", description, points)
    select s.id, 5, n - 1, s.name || ', pregunta ' || n || ': ¿cómo está la exhibición?', 3
    from segments s cross join generate_series(1, ${PER_SEGMENT}) as n where s.survey_id = ${id}`);
  await db.execute(sql`
    insert into multiple_options (question_id, "order", description, points)
    select q.id, n - 1, 'Opción ' || n, n - 1
    from questions q join segments s on s.id = q.segment_id
    cross join generate_series(1, 4) as n where s.survey_id = ${id}`);
  await db.execute(sql`
    insert into multiple_option_hidden_segments (option_id, segment_id)
    select o.id, next.id from segments s
    join segments next on next.survey_id = s.survey_id and next."order" = s."order" + 1
    join questions q on q.segment_id = s.id and q."order" = 0
    join multiple_options o on o.question_id = q.id and o."order" = 0
    where s.survey_id = ${id}`);
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(promoter.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(promoter.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(/\/campo$/);
  await page.getByRole('list', { name: 'Puntos de venta de hoy' }).waitFor();
}

/** (a): check in where the season campaign runs, open the big survey, time the answers. */
async function timeRunner(page: Page): Promise<{ times: number[]; frames: number[] }> {
  const list = page.getByRole('list', { name: 'Puntos de venta de hoy' });
  const place = list.locator(':scope > li').filter({ hasText: SEASON }).first();
  await place.getByRole('link', { name: /^Visitar / }).click();
  const season = page.getByRole('radio', { name: new RegExp(SEASON) });
  if (await season.count()) await season.check({ force: true });
  await page.getByRole('button', { name: 'Registrar llegada' }).click();
  await page.getByRole('link', { name: `Responder ${SURVEY_NAME}` }).click();
  await page.getByRole('radiogroup').first().waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times: number[] = [];
  const frames: number[] = [];
  const profilePath = process.env.BENCH_FIELD_PROFILE;
  try {
    // The machine's own cost of the measure: a frame with nothing to update, same throttling.
    for (let i = 0; i < 20; i += 1) {
      frames.push(
        await page.evaluate(async () => {
          const start = performance.now();
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          return performance.now() - start;
        }),
      );
    }
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const tracePath = process.env.BENCH_FIELD_TRACE;
    if (tracePath) await page.context().browser()!.startTracing(page, { path: tracePath });
    for (let i = 0; i < answers; i += 1) {
      // Walks the survey's questions; every 10th answer is a segment's first question, and
      // alternates its first option (hides the next segment) with another (shows it again).
      const ms = await page.evaluate(async (n) => {
        const groups = [...document.querySelectorAll('[role="radiogroup"]')];
        const group = groups[(n * 7) % groups.length]!;
        const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
        const input = radios[(n * 3 + 1) % radios.length]!.checked
          ? radios[(n * 3 + 2) % radios.length]!
          : radios[(n * 3 + 1) % radios.length]!;
        input.scrollIntoView({ block: 'center' });
        // The scroll's own rendering settles first, as it has before a person taps: the questions
        // it brings on screen are laid out in the frame after the one that finds them visible
        // (content-visibility), which is the scroll's cost, not the answer's.
        for (let f = 0; f < 3; f += 1) {
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        }
        const start = performance.now();
        input.click();
        await new Promise<void>((resolve) => {
          const check = () =>
            input.checked
              ? requestAnimationFrame(() => setTimeout(resolve, 0))
              : requestAnimationFrame(check);
          check();
        });
        return performance.now() - start;
      }, i);
      times.push(ms);
    }
    if (tracePath) await page.context().browser()!.stopTracing();
    if (profilePath) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(profilePath, JSON.stringify(profile));
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return { times, frames };
}

/** Two JPEGs drawn as a phone's reduced photos (1600 x 1200, quality 0.8), base64. */
async function photos(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const hue of [30, 200]) {
      const canvas = new OffscreenCanvas(1600, 1200);
      const ctx = canvas.getContext('2d')!;
      for (let y = 0; y < 1200; y += 40) {
        for (let x = 0; x < 1600; x += 40) {
          ctx.fillStyle = `hsl(${hue + ((x * y) % 60)}, 60%, ${30 + ((x + y) % 40)}%)`;
          ctx.fillRect(x, y, 40, 40);
        }
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      out.push(btoa(binary));
    }
    return out;
  });
}

interface Target {
  campaignId: number;
  pointOfSaleId: number;
}

/** (b): the visits put in the device store offline, then the time until the outbox sent them. */
async function timeOutbox(page: Page, target: Target, jpegs: string[]): Promise<number> {
  const userId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('anaquel-auth')!) as { state: { user: { id: number } } })
        .state.user.id,
  );
  await page.context().setOffline(true);
  await page.evaluate(
    async ({ userId, target, jpegs, count }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(`anaquel-campo-${userId}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const blobs = jpegs.map(
        (b64) =>
          new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }),
      );
      const tx = db.transaction(['visits', 'photos'], 'readwrite');
      const start = Date.now() - 3 * 3600_000;
      for (let i = 0; i < count; i += 1) {
        const uuid = crypto.randomUUID();
        const at = (s: number) => new Date(start + i * 30_000 + s * 1000).toISOString();
        const keys = blobs.map((blob) => {
          const key = crypto.randomUUID();
          tx.objectStore('photos').put({
            key,
            visitUuid: uuid,
            blob,
            type: 'image/jpeg',
            width: 1600,
            height: 1200,
            takenAt: at(5),
            serverId: null,
          });
          return key;
        });
        tx.objectStore('visits').put({
          uuid,
          campaignId: target.campaignId,
          pointOfSaleId: target.pointOfSaleId,
          day: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
            new Date(at(0)),
          ),
          state: 'pending',
          unavailable: false,
          startDate: at(0),
          endDate: at(20),
          checkInLatitude: 19.4326,
          checkInLongitude: -99.1332,
          checkInAccuracy: 10,
          checkOutLatitude: 19.4326,
          checkOutLongitude: -99.1332,
          checkOutAccuracy: 10,
          photoKeys: keys,
          surveys: [],
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { userId, target, jpegs, count: visitCount },
  );
  const started = Date.now();
  await page.context().setOffline(false);
  // Polled from here: the count is read from the device store as the outbox writes it.
  for (;;) {
    const sent = await page.evaluate(
      async ({ userId }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(`anaquel-campo-${userId}`);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const count = await new Promise<number>((resolve, reject) => {
          const request = db
            .transaction('visits')
            .objectStore('visits')
            .index('by-state')
            .count('sent');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        db.close();
        return count;
      },
      { userId },
    );
    if (sent >= visitCount) break;
    if (Date.now() - started > 15 * 60_000) throw new Error(`only ${sent} visits sent in 15 min`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

/** (b)'s baseline: the same visits posted straight to the sync API, photo by photo, then batches. */
async function timeDirect(origin: string, target: Target, jpegs: string[]): Promise<number> {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: promoter.email, password: promoter.password }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const bytes = jpegs.map((b64) => Buffer.from(b64, 'base64'));
  const started = Date.now();
  const visits: unknown[] = [];
  const start = Date.now() - 3 * 3600_000;
  for (let i = 0; i < visitCount; i += 1) {
    const photoIds: string[] = [];
    for (const photo of bytes) {
      const form = new FormData();
      form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
      const response = await fetch(`${origin}/api/v1/sync/photos`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!response.ok) throw new Error(`sync/photos answered ${response.status}`);
      photoIds.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    const at = (s: number) => new Date(start + i * 30_000 + s * 1000).toISOString();
    visits.push({
      uuid: randomUUID(),
      ...target,
      unavailable: false,
      startDate: at(0),
      endDate: at(20),
      checkInLatitude: 19.4326,
      checkInLongitude: -99.1332,
      checkOutLatitude: 19.4326,
      checkOutLongitude: -99.1332,
      photoIds,
      surveys: [],
    });
  }
  for (let i = 0; i < visits.length; i += 50) {
    const response = await fetch(`${origin}/api/v1/sync/checkins`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ checkIns: visits.slice(i, i + 50) }),
    });
    const body = (await response.json()) as { data: { results: { status: string }[] } };
    const refused = body.data.results.filter((r) => r.status !== 'created').length;
    if (!response.ok || refused > 0)
      throw new Error(`sync/checkins: ${response.status}, ${refused} refused`);
  }
  return Date.now() - started;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-field-'));
  const distDir = process.env.BENCH_FIELD_DIST
    ? path.resolve(process.env.BENCH_FIELD_DIST)
    : path.join(workDir, 'app');
  if (!process.env.BENCH_FIELD_DIST) {
    process.stdout.write(`building the app into ${distDir}\n`);
    execFileSync(
      'pnpm',
      ['--filter', '@anaquel/app', 'exec', 'vite', 'build', '--outDir', distDir, '--emptyOutDir'],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  let databaseUrl: string | undefined;
  let scratch: string | undefined;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    scratch = `anaquel_bench_field_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  const config = {
    ...loadConfig({
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: databaseUrl,
      APP_DIST_DIR: distDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'true',
    }),
    syncLimits: { ...DEFAULT_SYNC_LIMITS, perPromoter: { max: 100_000, windowMs: 60_000 } },
  };
  const database = await createDatabase(config);
  await database.migrate();
  await seed(database.db, config);
  await seedBigSurvey(database.db);
  const app = await buildApp({ config, db: database.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      geolocation: { latitude: 19.4326, longitude: -99.1332 },
      permissions: ['geolocation'],
      serviceWorkers: 'block',
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
    });
    // tsx (esbuild's keepNames) wraps the named functions of the page.evaluate callbacks in
    // `__name(...)`, which the page does not define.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await signIn(page, origin);
    const figures: Record<string, unknown> = { database: serverUrl ? 'postgresql' : 'pglite' };
    let table = `\n| measure | figure | target |\n| --- | ---: | ---: |\n`;
    if (parts.has('runner')) {
      const { times: runner, frames } = await timeRunner(page);
      const runnerFigures = {
        answers,
        questions: SEGMENTS * PER_SEGMENT,
        cpuThrottling: 4,
        p50Ms: round(median(runner)),
        p95Ms: round(percentile(runner, 0.95)),
        maxMs: round(Math.max(...runner)),
        emptyFrameP50Ms: round(median(frames)),
        targetP95Ms: 50,
        times: runner.map(round),
      };
      figures.runner = runnerFigures;
      table +=
        `| a frame with nothing to update, p50 (4x CPU) | ${runnerFigures.emptyFrameP50Ms} ms | |\n` +
        `| answer -> screen, p50 (4x CPU) | ${runnerFigures.p50Ms} ms | |\n` +
        `| answer -> screen, p95 (4x CPU) | ${runnerFigures.p95Ms} ms | <= 50 ms |\n`;
      process.stdout.write(
        `runner: ${answers} answers, p50 ${runnerFigures.p50Ms} ms, p95 ${runnerFigures.p95Ms} ms (empty frame ${runnerFigures.emptyFrameP50Ms} ms)\n`,
      );
    }
    if (parts.has('outbox')) {
      await page.goto(`${origin}/campo`);
      await page.getByRole('list', { name: 'Puntos de venta de hoy' }).waitFor();
      const [target] = rowsOf<Target>(
        await database.db.execute(sql`
          select c.id as "campaignId", cp.point_of_sale_id as "pointOfSaleId"
          from campaigns c join campaign_points_of_sale cp on cp.campaign_id = c.id
          where c.name = ${SEASON} order by cp.point_of_sale_id limit 1`),
      );
      const jpegs = await photos(page);
      const outboxMs = await timeOutbox(page, target!, jpegs);
      process.stdout.write(
        `outbox: ${visitCount} visits, ${visitCount * 2} photos in ${outboxMs} ms\n`,
      );
      const directMs = await timeDirect(origin, target!, jpegs);
      process.stdout.write(`direct: the same in ${directMs} ms\n`);
      const ratio = Number((directMs / outboxMs).toFixed(2));
      figures.outbox = {
        visits: visitCount,
        photos: visitCount * 2,
        photoBytes: jpegs.map((b64) => Buffer.from(b64, 'base64').length),
        outboxMs,
        directMs,
        ratio,
        target: 0.5,
      };
      table +=
        `| outbox, ${visitCount} visits + ${visitCount * 2} photos | ${outboxMs} ms | |\n` +
        `| straight to the API, the same | ${directMs} ms | |\n` +
        `| direct / outbox | ${ratio} | >= 0.5 |\n`;
    }
    process.stdout.write(table);
    await mkdir(path.join(benchDir, 'results'), { recursive: true });
    await writeFile(
      path.join(
        benchDir,
        'results',
        `field-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      ),
      JSON.stringify(figures, null, 2),
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close?.();
    if (scratch && serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
