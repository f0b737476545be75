// `pnpm bench:crash`: durability of acknowledged writes. The real server (a separate process) on
// a scratch PostgreSQL database receives concurrent creates (brands and categories, each with a
// unique name); in the middle of the writes it is killed with SIGKILL (kill -9), restarted on
// the same database, and every write it had acknowledged (a 2xx answer with the new id) must be
// in the database with its name. Several rounds (BENCH_CRASH_ROUNDS, default 3), writers
// BENCH_CRASH_WRITERS (default 20), BENCH_PORT (default 3210). Writes without an answer (in
// flight at the kill) may or may not be there; they are counted, not judged.
// Beside them the demo promoter syncs visits (POST sync/checkins, batches of three, two writers
// as the field app's queue would): every visit answered `created` must be in check_ins with its
// id after the kills (issue #20). The sync's per-promoter limit may answer 429 (counted apart).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminToken, scratchDatabase, startServer } from './fault/server-process.ts';

const rounds = Number(process.env.BENCH_CRASH_ROUNDS ?? 3);
const writers = Number(process.env.BENCH_CRASH_WRITERS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3210);

interface Ack {
  table: 'brands' | 'categories';
  id: number;
  name: string;
}

const database = await scratchDatabase('bench_crash');
const dataDir = path.join(tmpdir(), `anaquel-crash-${Date.now()}`);
const acknowledged: Ack[] = [];
let unanswered = 0;
let refused = 0;
const report: string[] = [];
let failed = false;
const PROMOTER = { username: 'promotor@anaquel.mx', password: 'Promotor#2026' };
const visitsAcked = new Map<string, number>();
const syncFigures = { rejected: 0, throttled: 0, unanswered: 0 };

async function promoterToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROMOTER),
  });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`promoter sign-in: ${response.status}`);
  return body.data.accessToken;
}

/** A campaign of the demo promoter's download with a point of sale. */
async function placeOf(origin: string, token: string) {
  const response = await fetch(`${origin}/api/v1/sync/data`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as {
    data?: { campaigns: { id: number; pointOfSaleIds: number[] }[] };
  };
  const campaign = body.data?.campaigns.find((c) => c.pointOfSaleIds.length > 0);
  if (!campaign) throw new Error(`the demo promoter has nowhere to go (${response.status})`);
  return { campaignId: campaign.id, pointOfSaleId: campaign.pointOfSaleIds[0]! };
}

type Place = Awaited<ReturnType<typeof placeOf>>;

/** Sends batches of visits until `stopped()`, recording each one answered `created`. */
async function syncWriter(origin: string, token: string, place: Place, stopped: () => boolean) {
  while (!stopped()) {
    const at = new Date(Date.now() - 3600_000).toISOString();
    const checkIns = Array.from({ length: 3 }, () => ({
      uuid: randomUUID(),
      ...place,
      unavailable: true,
      startDate: at,
      endDate: at,
      surveys: [],
    }));
    try {
      const response = await fetch(`${origin}/api/v1/sync/checkins`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ checkIns }),
      });
      const body = (await response.json()) as {
        data?: { results: { uuid: string; status: string; checkInId: number | null }[] };
      };
      if (response.status === 429) {
        syncFigures.throttled += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      for (const result of body.data?.results ?? []) {
        if (result.status === 'created' && result.checkInId !== null) {
          visitsAcked.set(result.uuid, result.checkInId);
        } else syncFigures.rejected += 1;
      }
      if (!body.data) syncFigures.rejected += checkIns.length;
    } catch {
      syncFigures.unanswered += 1;
      if (stopped()) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

try {
  for (let round = 1; round <= rounds; round++) {
    // The demo data (its promoter, campaigns and points of sale) seeded at the first start.
    const server = await startServer({
      databaseUrl: database.url,
      port,
      dataDir,
      demoData: round === 1,
    });
    const token = await adminToken(server.origin);
    const promoter = await promoterToken(server.origin);
    const place = await placeOf(server.origin, promoter);
    let stop = false;
    let sequence = 0;
    let ackedThisRound = 0;
    const writer = async (w: number) => {
      while (!stop) {
        const table = (sequence + w) % 2 === 0 ? 'brands' : 'categories';
        const name = `Crash r${round} w${w} n${++sequence}`;
        try {
          const response = await fetch(`${server.origin}/api/v1/${table}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name, isActive: true }),
          });
          const body = (await response.json()) as { data?: { id: number } };
          if (response.status >= 200 && response.status < 300 && body.data) {
            acknowledged.push({ table, id: body.data.id, name });
            ackedThisRound += 1;
          } else {
            refused += 1;
          }
        } catch {
          // the connection died with the server: no answer, no promise made
          unanswered += 1;
          if (stop) return;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    };
    const running = Array.from({ length: writers }, (_, w) => writer(w));
    const syncing = [0, 1].map(() => syncWriter(server.origin, promoter, place, () => stop));
    // Kill in the middle of the writes: after a random 1.5-3.5 s of writing, and once the sync
    // has stored visits this round (its first answer can take seconds on a loaded machine), so
    // that the kill lands while visits are being written too.
    const visitsBefore = visitsAcked.size;
    const syncDeadline = Date.now() + 60_000;
    while (visitsAcked.size === visitsBefore && Date.now() < syncDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 2000));
    const killedAt = acknowledged.length;
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    stop = true;
    await Promise.all([...running, ...syncing]);
    report.push(
      `round ${round}: killed with SIGKILL after ${ackedThisRound} acknowledged writes and ${visitsAcked.size - visitsBefore} visits this round (server had started in ${Math.round(server.startMs)} ms)`,
    );
    void killedAt;
  }

  // Restart once more on the same database and check every acknowledged write.
  const server = await startServer({ databaseUrl: database.url, port, dataDir });
  report.push(`restart after the last kill: healthy in ${Math.round(server.startMs)} ms`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const found = new Map<string, string>();
  for (const table of ['brands', 'categories'] as const) {
    const { rows } = await client.query<{ id: number; name: string }>(
      `select id, name from ${table} where name like 'Crash %'`,
    );
    for (const row of rows) found.set(`${table}:${row.id}`, row.name);
  }
  const uuids = [...visitsAcked.keys()];
  const { rows: visits } = await client.query<{ id: number; uuid: string }>(
    'select id, uuid::text as uuid from check_ins where uuid = any($1::uuid[])',
    [uuids],
  );
  const visitsFound = new Map(visits.map((v) => [v.uuid, v.id]));
  const visitsLost = uuids.filter((uuid) => visitsFound.get(uuid) !== visitsAcked.get(uuid));
  await client.end();
  const lost = acknowledged.filter((ack) => found.get(`${ack.table}:${ack.id}`) !== ack.name);
  // The restarted server serves them too (a sample through the API).
  const token = await adminToken(server.origin);
  let servedOk = 0;
  const sample = acknowledged.filter((_, i) => i % Math.ceil(acknowledged.length / 50) === 0);
  for (const ack of sample) {
    const response = await fetch(`${server.origin}/api/v1/${ack.table}/${ack.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data?: { name: string } };
    if (response.status === 200 && body.data?.name === ack.name) servedOk += 1;
  }
  await server.stop();

  const inDatabase = found.size;
  report.push(
    `acknowledged writes: ${acknowledged.length}; found in the database: ${acknowledged.length - lost.length}; lost: ${lost.length}`,
    `rows written in all: ${inDatabase} (${inDatabase - (acknowledged.length - lost.length)} more than acknowledged: in flight at a kill, committed but never answered)`,
    `requests without an answer (connection cut by the kill): ${unanswered}; refused answers: ${refused}`,
    `served again by the restarted server: ${servedOk}/${sample.length} sampled`,
    `visits synced and answered created: ${visitsAcked.size}; found with their id: ${visitsAcked.size - visitsLost.length}; lost: ${visitsLost.length}`,
    `sync: ${syncFigures.rejected} visits rejected, ${syncFigures.throttled} batches answered 429, ${syncFigures.unanswered} without an answer (cut by the kill)`,
  );
  failed =
    lost.length > 0 ||
    visitsLost.length > 0 ||
    visitsAcked.size === 0 ||
    syncFigures.rejected > 0 ||
    servedOk !== sample.length ||
    acknowledged.length === 0 ||
    refused > 0;
  for (const line of report) console.log(line);
  if (lost.length > 0) console.log('lost:', JSON.stringify(lost.slice(0, 10)));
  if (visitsLost.length > 0) console.log('visits lost:', JSON.stringify(visitsLost.slice(0, 10)));
  console.log(failed ? 'FAIL' : 'PASS: every acknowledged write and visit survived kill -9');
} finally {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
