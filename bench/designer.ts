// `pnpm bench:designer` (issue 10): the survey designer's time to interactive in Chromium for a
// survey of 50 segments x 20 questions x 5 options (the `survey-tree` scenario's survey, seeded
// by ./surveys.ts), beside a baseline measured in the same run: the designer of a one-question
// survey. Target: usable within 1.5 s.
//
// It builds the app into a temporary folder (BENCH_DESIGNER_DIST serves an existing build),
// creates a scratch PostgreSQL database on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres; dropped afterwards), starts the real server on it
// (BENCH_DESIGNER_PORT, default 3250), signs in through the form and opens /surveys/{id}
// BENCH_DESIGNER_RUNS times (5) per survey with a cold HTTP cache. "Usable" = the first segment's
// card is on screen with its buttons enabled, every segment is listed (a large survey lists the
// segments still off screen as placeholders of their estimated height, rendered as they come near
// the viewport) and the main thread has gone idle once. A second figure, "last segment", is the
// time from usable until the last segment's card is rendered and enabled after scrolling to it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { chromium, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import type { BenchContext } from './scenarios.ts';
import { SURVEY_SEGMENTS, seedBenchSurvey, surveyTreeScenario } from './surveys.ts';
import { median } from './stats.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const port = Number(process.env.BENCH_DESIGNER_PORT ?? 3250);
const runs = Number(process.env.BENCH_DESIGNER_RUNS ?? 5);
const origin = `http://127.0.0.1:${port}`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 1500;

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/** A one-segment, one-question survey: the baseline page of the same screen. */
async function seedSmallSurvey(db: ReturnType<typeof drizzle>): Promise<number> {
  const result = await db.execute(sql`
    with c as (insert into campaigns (name, start_date) values ('Bench base', '2026-01-01') returning id),
    s as (insert into surveys (campaign_id, type, name, points) select id, 1, 'Bench base', 5 from c returning id),
    g as (insert into segments (survey_id, name, "order", points) select id, 'Segmento 1', 0, 5 from s returning id),
    q as (insert into questions (segment_id, type, "order", description, points)
          select id, 5, 0, '¿Cómo está la exhibición?', 5 from g returning id)
    insert into multiple_options (question_id, "order", description, points)
    select q.id, n - 1, 'Opción ' || n, n - 1 from q cross join generate_series(1, 5) as n
    returning (select id from s)`);
  return (result.rows[0] as { id: number }).id;
}

/** Waits until the main thread has gone idle once. */
async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
}

/**
 * Opens the designer; returns the ms until it is usable and the ms from then until the last
 * segment, scrolled to, is rendered and enabled.
 */
async function timeDesigner(
  page: Page,
  surveyId: number,
  lastSegment: string,
): Promise<{ usable: number; last: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${origin}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Panel de control' }).waitFor();
  const start = Date.now();
  await page.goto(`${origin}/surveys/${surveyId}`);
  const first = page.getByRole('region', { name: 'Segmento 1', exact: true });
  await first.getByRole('button', { name: 'Editar segmento' }).first().waitFor({ timeout: 60_000 });
  await first.getByRole('button', { name: 'Editar segmento' }).first().isEnabled();
  const last = page.getByRole('region', { name: lastSegment, exact: true });
  await last.waitFor({ timeout: 60_000 });
  await idle(page);
  const usable = Date.now() - start;
  const lastStart = Date.now();
  await last.scrollIntoViewIfNeeded();
  const edit = last.getByRole('button', { name: 'Editar segmento' }).first();
  await edit.waitFor({ timeout: 60_000 });
  await edit.isEnabled();
  await idle(page);
  return { usable, last: Date.now() - lastStart };
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-designer-'));
  const distDir = process.env.BENCH_DESIGNER_DIST
    ? path.resolve(process.env.BENCH_DESIGNER_DIST)
    : path.join(workDir, 'app');
  if (!process.env.BENCH_DESIGNER_DIST) {
    process.stdout.write(`building the app into ${distDir}\n`);
    execFileSync(
      'pnpm',
      ['--filter', '@anaquel/app', 'exec', 'vite', 'build', '--outDir', distDir, '--emptyOutDir'],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const dbName = `anaquel_designer_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'packages', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      APP_DIST_DIR: distDir,
      APP_URL: origin,
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await waitForServer(`${origin}/api/v1/health`, 180_000);
    const db = drizzle(pool);
    await seedBenchSurvey({ database: { db } } as unknown as BenchContext);
    const bigId = Number(surveyTreeScenario.path.split('/').pop());
    const smallId = await seedSmallSurvey(db);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/login`);
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('admin@anaquel.mx');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Anaquel#2026');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    const baseline: number[] = [];
    const big: number[] = [];
    const lastSegmentMs: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      baseline.push((await timeDesigner(page, smallId, 'Segmento 1')).usable);
      const { usable, last } = await timeDesigner(page, bigId, `Segmento ${SURVEY_SEGMENTS}`);
      big.push(usable);
      lastSegmentMs.push(last);
      process.stdout.write(
        `run ${i + 1}: baseline ${baseline.at(-1)} ms, 50x20x5 ${usable} ms, then last segment ${last} ms\n`,
      );
    }
    const figures = {
      runs,
      baselineMedianMs: median(baseline),
      designerMedianMs: median(big),
      lastSegmentMedianMs: median(lastSegmentMs),
      ratio: Number((median(big) / median(baseline)).toFixed(2)),
      targetMs: TARGET_MS,
      withinTarget: median(big) <= TARGET_MS,
      baseline,
      designer: big,
      lastSegment: lastSegmentMs,
    };
    process.stdout.write(
      `\n| page | median ms | vs baseline |\n| --- | ---: | ---: |\n` +
        `| designer, 1 question (baseline) | ${figures.baselineMedianMs} | 100 % |\n` +
        `| designer, 50 x 20 x 5 | ${figures.designerMedianMs} | ${Math.round(figures.ratio * 100)} % |\n` +
        `| then scrolled to the last segment | ${figures.lastSegmentMedianMs} | |\n` +
        `\ntarget ${TARGET_MS} ms: ${figures.withinTarget ? 'met' : 'NOT met'}\n`,
    );
    await mkdir(path.join(benchDir, 'results'), { recursive: true });
    await writeFile(
      path.join(
        benchDir,
        'results',
        `designer-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      ),
      JSON.stringify(figures, null, 2),
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await pool.end();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
