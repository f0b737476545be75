// `pnpm bench:web`: Lighthouse on the built app as the server sends it, mobile and desktop
// presets (BENCH_WEB_PRESETS), /login (anonymous) and the signed-in screens a supervisor opens
// first: /dashboard, /checkins and a visit's survey result; median of BENCH_WEB_RUNS runs (3).
//
// It builds the current checkout's app into a temporary folder (BENCH_WEB_DIST to serve an
// existing build instead), starts the real server (packages/server/src/main.ts) on PGlite in a
// temporary DATA_DIR on BENCH_WEB_PORT (default 3280, loopback only) with the first start's demo
// data (visits included), and runs Lighthouse 12 in the system Chromium (scripts/chromium.mjs)
// launched by chrome-launcher. For the signed-in screens it signs in once through the form
// (Playwright over the DevTools port) and keeps the session between runs (disableStorageReset)
// while clearing the HTTP cache before each run, so every run is a cold load. The visit result is
// the first answered survey of the newest visit, found through the API. BENCH_WEB_ROUTES limits the
// routes (comma-separated: login,dashboard,checkins,result,campo: the field app as the demo
// promoter, its service worker cleared before each run); BENCH_WEB_REPORTS=<dir> keeps every
// run's whole Lighthouse report (treemap, network requests, main-thread tasks) there.
// Timings depend on the machine: the byte figures are what the CI budget (tests/e2e/budget.spec.ts)
// guards; this script is for the scores. Writes bench/results/web-<timestamp>.json.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { chromium, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { median } from './stats.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const port = Number(process.env.BENCH_WEB_PORT ?? 3280);
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const origin = `http://127.0.0.1:${port}`;
const adminEmail = 'admin@anaquel.mx';
const adminPassword = 'Anaquel#2026';
// The demo promoter (README), for the field app at /campo.
const promoterEmail = 'promotor@anaquel.mx';
const promoterPassword = 'Promotor#2026';
const presets = (process.env.BENCH_WEB_PRESETS ?? 'mobile,desktop').split(',') as Preset[];
const routes = new Set(
  (process.env.BENCH_WEB_ROUTES ?? 'login,dashboard,checkins,result,campo').split(','),
);
const reportsDir = process.env.BENCH_WEB_REPORTS && path.resolve(process.env.BENCH_WEB_REPORTS);
const flags: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility'],
};

interface RunFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  scriptBytes: number;
  totalBytes: number;
}

type Preset = 'mobile' | 'desktop';

/** A run Lighthouse could not score (e.g. no paint within its time limit on a loaded machine). */
function failedRun(result: RunnerResult): string | null {
  if (result.lhr.runtimeError) return result.lhr.runtimeError.code;
  if (result.lhr.categories.performance?.score == null) return 'no performance score';
  return null;
}

function figures(result: RunnerResult): RunFigures {
  const { categories, audits } = result.lhr;
  const summary = audits['resource-summary']?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  const bytes = (type: string) =>
    summary?.items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    scriptBytes: bytes('script'),
    totalBytes: bytes('total'),
  };
}

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

/**
 * Keeps a run's whole report when BENCH_WEB_REPORTS names a folder, and beside it the page load's
 * trace (`.trace.json`, for DevTools' Performance panel: the unthrottled tasks Lighthouse simulated).
 */
async function keepReport(label: string, preset: Preset, run: number, result: RunnerResult) {
  if (!reportsDir) return;
  await mkdir(reportsDir, { recursive: true });
  const name = `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${preset}-${run + 1}`;
  await writeFile(path.join(reportsDir, `${name}.json`), JSON.stringify(result.lhr));
  const trace = result.artifacts.Trace;
  if (trace) await writeFile(path.join(reportsDir, `${name}.trace.json`), JSON.stringify(trace));
}

/** GET (or POST `body` to) the API as the administrator; the answer's `data`. */
async function api<T>(route: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/v1${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The result screen of the newest visit's first answered survey (demo data). */
async function visitResultPath(): Promise<string> {
  const { accessToken } = await api<{ accessToken: string }>('/auth/login', undefined, {
    username: adminEmail,
    password: adminPassword,
  });
  const visits = await api<{ rows: { id: number }[] }>('/checkins?PageSize=50', accessToken);
  for (const { id } of visits.rows) {
    const surveys = await api<{ id: number }[]>(`/checkins/${id}/surveys`, accessToken);
    if (surveys[0]) return `/checkins/${id}/surveys/${surveys[0].id}`;
  }
  throw new Error('no answered survey among the newest visits: the demo data has none');
}

/** The signed-in routes to measure, by label: [label, path]. */
async function signedInRoutes(): Promise<[string, string][]> {
  const list: [string, string][] = [];
  if (routes.has('dashboard')) list.push(['/dashboard', '/dashboard']);
  if (routes.has('checkins')) list.push(['/checkins', '/checkins']);
  if (routes.has('result')) list.push(['/checkins/:id/surveys/:id', await visitResultPath()]);
  return list;
}

async function signIn(
  page: Page,
  [email, password, landing] = [adminEmail, adminPassword, '**/dashboard'],
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByText('Recordarme').click();
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(landing);
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-web-'));
  const distDir = process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(workDir, 'app');
  if (!process.env.BENCH_WEB_DIST) {
    process.stdout.write(`building the app into ${distDir}\n`);
    execFileSync(
      'pnpm',
      ['--filter', '@anaquel/app', 'exec', 'vite', 'build', '--outDir', distDir, '--emptyOutDir'],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }

  const server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'packages', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      APP_DIST_DIR: distDir,
      APP_URL: origin,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumArgs.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  try {
    await waitForServer(`${origin}/api/v1/health`, 120_000);
    const results: Record<string, Record<Preset, RunFigures[]>> = {};
    const measure = async (
      label: string,
      url: string,
      signedIn: boolean,
      clear?: () => Promise<void>,
    ) => {
      for (const preset of presets) {
        for (let i = 0; i < runs; i += 1) {
          await clear?.();
          const result = await lighthouse(
            url,
            { ...flags, port: chrome.port, disableStorageReset: signedIn },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error('Lighthouse returned no result');
          if (
            signedIn &&
            new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname
          ) {
            throw new Error(`${label} ended on ${result.lhr.finalDisplayedUrl}: not signed in`);
          }
          await keepReport(label, preset, i, result);
          const failure = failedRun(result);
          if (failure === null)
            (results[label] ??= { mobile: [], desktop: [] })[preset].push(figures(result));
          process.stdout.write(
            `${label} ${preset} run ${i + 1}: ${failure ?? JSON.stringify(figures(result))}\n`,
          );
        }
      }
    };

    // /login: anonymous, Lighthouse's default storage reset (cold cache, no session).
    if (routes.has('login')) await measure('/login', `${origin}/login`, false);

    // Signed in: sign in once through the form; the refresh cookie (rotated at every reload) and
    // the persisted auth store survive, the HTTP cache is cleared before every run.
    const signedIn = await signedInRoutes();
    if (signedIn.length > 0) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      const page = await context.newPage();
      await signIn(page);
      const cdp = await context.newCDPSession(page);
      const clear = async () => void (await cdp.send('Network.clearBrowserCache'));
      for (const [label, route] of signedIn) await measure(label, `${origin}${route}`, true, clear);
      await page.close();
      await browser.close().catch(() => undefined);
    }

    // /campo: the promoters' field app (issue #22), signed in as the demo promoter. Its service
    // worker and precache are cleared with the HTTP cache before every run: a first, cold load.
    if (routes.has('campo')) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      const page = await context.newPage();
      await context.clearCookies();
      await signIn(page, [promoterEmail, promoterPassword, '**/campo']);
      const cdp = await context.newCDPSession(page);
      const clear = async () => {
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'service_workers,cache_storage',
        });
      };
      await measure('/campo', `${origin}/campo`, true, clear);
      await page.close();
      await browser.close().catch(() => undefined);
    }

    const lines = [
      '',
      `Lighthouse 12 on ${origin}, median of the scored runs out of ${runs} (simulated throttling; bytes = transfer size, headers included)`,
      '',
      '| route | preset | performance | LCP ms | FCP ms | TBT ms | accessibility | JS bytes | total bytes |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    const summary: Record<string, Record<string, Record<keyof RunFigures, number>>> = {};
    for (const [route, byPreset] of Object.entries(results)) {
      for (const [preset, list] of Object.entries(byPreset)) {
        if (!presets.includes(preset as Preset)) continue;
        if (list.length === 0) {
          lines.push(`| ${route} | ${preset} | no run could be scored | | | | | | |`);
          continue;
        }
        const med = Object.fromEntries(
          (Object.keys(list[0]!) as (keyof RunFigures)[]).map((key) => [
            key,
            median(list.map((run) => run[key])),
          ]),
        ) as Record<keyof RunFigures, number>;
        (summary[route] ??= {})[preset] = med;
        lines.push(
          `| ${route} | ${preset} | ${med.performance} | ${med.lcpMs} | ${med.fcpMs} | ${med.tbtMs} | ${med.accessibility} | ${med.scriptBytes} | ${med.totalBytes} |`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n\n`);
    const resultsDir = path.join(benchDir, 'results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await writeFile(file, `${JSON.stringify({ origin, runs, summary, results }, null, 2)}\n`);
    process.stdout.write(`written ${path.relative(repoRoot, file)}\n`);
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
