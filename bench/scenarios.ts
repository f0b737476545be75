// What `pnpm bench` measures. Each scenario is one autocannon run against one URL.
// To add one (e.g. a paged list over 100k seeded rows), append to `scenarios`: give it a
// `setup` that seeds what it needs through `ctx.db` (idempotent, it runs once per database) and
// the `path` to load. The runner prints it in the table with its ratio to the baseline.
import type { Config } from '@anaquel/server/src/env.ts';
import type { Database } from '@anaquel/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { pointOfSaleScenarios } from './pointofsales.ts';
import { surveyScenarios } from './surveys.ts';

export interface BenchContext {
  /** http://127.0.0.1:<port> of the real server. */
  origin: string;
  /** http://127.0.0.1:<port> of the bare node:http server answering the health JSON. */
  baselineOrigin: string;
  /** A bearer token of the seeded administrator (every permission). */
  token: string;
  config: Config;
  database: Database;
}

export interface Scenario {
  /** Short id shown in the table, e.g. 'health'. */
  name: string;
  description: string;
  /** 'baseline' runs against the bare node:http server instead of the application. */
  target?: 'server' | 'baseline';
  method?: 'GET' | 'POST';
  /** Path and query string, e.g. '/api/v1/pointofsales/paged?Page=500&PageSize=10'. */
  path: string;
  /** Sends the administrator's bearer token. */
  authenticated?: boolean;
  /** JSON request body (POST). */
  body?: unknown;
  /** Creates the data the scenario reads; runs once per database, before the measurement. */
  setup?: (ctx: BenchContext) => Promise<void>;
}

export const scenarios: Scenario[] = [
  {
    name: 'baseline',
    description: 'bare node:http answering the health JSON: the ceiling of this machine',
    target: 'baseline',
    path: '/api/v1/health',
  },
  {
    name: 'health',
    description: 'GET /api/v1/health: routing, envelope, one `select 1`',
    path: '/api/v1/health',
  },
  {
    name: 'permissions',
    description:
      'GET /api/v1/permissions with a bearer token: JWT check, permission lookup, ~60 rows',
    path: '/api/v1/permissions',
    authenticated: true,
  },
  {
    name: 'auth-page-10',
    description:
      'GET /api/v1/brands/paged?PageSize=10 with a bearer token: the signed-in 10-row page (25 brands)',
    path: '/api/v1/brands/paged?PageSize=10',
    authenticated: true,
    setup: seedBrands,
  },
  // master data
  ...pointOfSaleScenarios,
  // surveys
  ...surveyScenarios,
];

/** 25 brands for the signed-in 10-row page (idempotent). */
async function seedBrands(ctx: BenchContext): Promise<void> {
  await ctx.database.db.execute(sql`
    insert into brands (name, description)
    select 'Marca de prueba ' || n, 'Descripción ' || n from generate_series(1, 25) as n
    on conflict do nothing`);
}
