// EXPLAIN (ANALYZE, BUFFERS) of the SQL the server runs for the point-of-sale list scenarios:
// starts the app on the PostgreSQL database `url` (already seeded, e.g. by `pnpm bench` or the
// seed of ./pointofsales.ts), captures each request's queries at the pg driver and explains them.
//   pnpm --filter @anaquel/bench exec tsx explain.ts postgres://…/db explain-postgres-100k.md 5000
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '@anaquel/server/src/app.ts';
import { createDatabase } from '@anaquel/server/src/db/client.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
const [url, out, deep] = process.argv.slice(2) as [string, string, string];
const captured: { text: string; values: unknown[] }[] = [];
// The driver's query, callable with any arguments (its typed overloads are not needed here).
const original = pg.Client.prototype.query as unknown as (
  this: pg.Client,
  ...args: unknown[]
) => Promise<pg.QueryResult>;
let capturing = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as { text?: string; values?: unknown[] } | string;
  const text = typeof config === 'string' ? config : config?.text;
  const values =
    (typeof config === 'string' ? undefined : config?.values) ?? (args[1] as unknown[] | undefined);
  if (capturing && text && /points_of_sale/.test(text))
    captured.push({ text, values: values ?? [] });
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as unknown as typeof pg.Client.prototype.query;
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'anaquel-explain-')),
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
});
const database = await createDatabase(config);
await database.migrate();
await seed(database.db, config, { demo: false });
const client = new pg.Client({ connectionString: url });
await client.connect();
await original.call(client, 'vacuum analyze points_of_sale');
const app = await buildApp({ config, db: database.db });
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { username: config.adminEmail, password: config.adminPassword, rememberMe: false },
});
const token = login.json().data.accessToken;
const scenarios: [string, string][] = [
  ['pos-filter-common', 'pointofsales/paged?Filter=esperanza&Sort=-name&Page=3&PageSize=10'],
  ['pos-filter-rare', 'pointofsales/paged?Filter=pe%C3%B1on%2042&Sort=stateName&PageSize=10'],
  ['pos-sorted-deep', `pointofsales/paged?Sort=name&Page=${deep}&PageSize=10`],
  ['pos-options-search', 'pointofsales/options?Filter=esperanza%2042&Take=20'],
];
let report = `# EXPLAIN (ANALYZE, BUFFERS) of the list queries (${new Date().toISOString()}, ${url.replace(/\/\/.*@/, '//')})\n`;
for (const [name, urlPath] of scenarios) {
  // Warm (anchors built, estimate cached), then capture one request.
  await app.inject({ url: `/api/v1/${urlPath}`, headers: { authorization: `Bearer ${token}` } });
  captured.length = 0;
  capturing = true;
  const r = await app.inject({
    url: `/api/v1/${urlPath}`,
    headers: { authorization: `Bearer ${token}` },
  });
  capturing = false;
  report += `\n## ${name}: GET /api/v1/${decodeURIComponent(urlPath)} -> ${r.statusCode}, totalCount ${r.json().data?.totalCount ?? r.json().data?.length}\n`;
  for (const q of [...captured]) {
    const plan = (await original.call(client, {
      text: `explain (analyze, buffers) ${q.text}`,
      values: q.values,
    })) as pg.QueryResult;
    report += `\n\`\`\`sql\n${q.text}\n-- params: ${JSON.stringify(q.values)}\n\`\`\`\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`;
  }
}
writeFileSync(out, report);
await client.end();
await app.close();
await database.close();
console.log('written', out);
