// The several-processes journey (issue #25, docs/deployment.md): two server processes (the
// built packages/server/dist/main.mjs) on one PostgreSQL database made for the run, one shared
// file store (s3rver when the server has the S3 driver), behind a real nginx with
// deploy/nginx.conf (round-robin), all on free ports. Through nginx: sign-in and a token refresh
// answered by different processes, a designer edit made on one read on the other, a sync with a
// photo seen in both processes' galleries, an export and the ZIP of photos; a permission removed through one process refused by the other within 1 s;
// one process stopped (SIGTERM) under load: it drains and nothing fails; then one process
// killed (kill -9) under load: what nginx may retry succeeds, the session goes on, no
// acknowledged write is lost, and the process rejoins after a restart.
// `node scripts/journey-several-processes.mjs` (pnpm test runs it); JOURNEY_DATABASE_URL names
// the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { ADMIN, startCluster } from './several-processes/cluster.mjs';

const { fetch, FormData } = globalThis;

const SEEN_WITHIN_MS = 1_000;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let failures = 0;
/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  process.stdout.write(`  ${ok ? '✔' : '✘'} ${what}\n`);
  if (!ok) failures += 1;
  return ok;
}

/** The process that answered (the last one nginx tried). @param {Response} response */
const servedBy = (response) => (response.headers.get('x-upstream') ?? '').split(', ').at(-1);

/** @param {string} origin */
function client(origin) {
  /** @param {string} method @param {string} url @param {{ token?: string, body?: unknown, form?: Record<string, string>, cookie?: string, raw?: BodyInit, type?: string }} [options] */
  return async (method, url, options = {}) => {
    const headers = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = `anaquel_refresh=${options.cookie}`;
    let body = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.type) headers['content-type'] = options.type;
    if (options.form) {
      body = new FormData();
      for (const [field, value] of Object.entries(options.form)) body.append(field, value);
    }
    const response = await fetch(`${origin}/api/v1/${url}`, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').includes('json')
      ? JSON.parse(bytes.toString('utf8'))
      : undefined;
    return { status: response.status, json, bytes, by: servedBy(response), response };
  };
}

/** @param {Response} response */
const refreshCookieOf = (response) =>
  /anaquel_refresh=([^;]*)/.exec(response.headers.getSetCookie().join('\n'))?.[1];

async function signIn(call, username, password) {
  const answer = await call('POST', 'auth/login', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`sign-in ${answer.status} ${answer.bytes}`);
  return {
    token: answer.json.data.accessToken,
    cookie: refreshCookieOf(answer.response),
    by: answer.by,
  };
}

/** Milliseconds until `test` holds (asked every 10 ms), or Infinity past `limitMs`. */
async function msUntil(test, limitMs) {
  const started = performance.now();
  while (performance.now() - started <= limitMs) {
    if (await test()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Infinity;
}

async function signInAndRefresh(lb) {
  process.stdout.write('Sign-in and token refresh on different processes\n');
  const session = await signIn(lb, ADMIN.username, ADMIN.password);
  let other;
  for (let attempt = 0; attempt < 6 && !other; attempt++) {
    const answer = await lb('POST', 'auth/refresh-token', { cookie: session.cookie });
    if (answer.status !== 200) {
      check(false, `refresh answered ${answer.status}`);
      return session;
    }
    session.token = answer.json.data.accessToken;
    session.cookie = refreshCookieOf(answer.response) ?? session.cookie;
    if (answer.by !== session.by) other = answer.by;
  }
  check(other !== undefined, `signed in on ${session.by}, token refreshed on ${other}`);
  const me = await lb('GET', 'brands/paged', { token: session.token });
  check(me.status === 200, 'the refreshed token is accepted');
  return session;
}

async function designerEdit(cluster, lb, admin) {
  process.stdout.write('A designer edit on one process, read on the other\n');
  const [campaign] = await cluster.query('select id from campaigns order by id limit 1');
  const [a, b] = cluster.apps.map((app) => client(app.origin));
  const name = `Recorrido ${randomUUID().slice(0, 8)}`;
  const created = await a('POST', 'surveys', {
    token: admin.token,
    body: { campaignId: campaign.id, type: 1, name, points: 0, isActive: true },
  });
  check(created.status === 201, `survey created on process A (${created.status})`);
  const id = created.json?.data?.id;
  const renamed = `${name} (editado)`;
  const edit = await a('PUT', `surveys/${id}`, {
    token: admin.token,
    body: { campaignId: campaign.id, type: 1, name: renamed, points: 5, isActive: true },
  });
  check(edit.status === 200, `renamed on process A (${edit.status})`);
  const read = await b('GET', `surveys/${id}`, { token: admin.token });
  check(read.json?.data?.name === renamed, `process B reads the new name at once`);
  const list = await b('GET', `surveys/paged?Filter=${encodeURIComponent(name)}`, {
    token: admin.token,
  });
  check(list.json?.data?.totalCount === 1, `process B's list counts it at once`);
}

async function syncWithPhoto(cluster, lb, admin) {
  process.stdout.write('A sync with a photo\n');
  const promoter = await signIn(lb, 'jorge.ramirez@anaquel.mx', 'Promotor#2026');
  const data = await lb('GET', 'sync/data', { token: promoter.token });
  const campaign = data.json?.data?.campaigns?.find((c) => c.pointOfSaleIds.length > 0);
  if (!check(campaign !== undefined, 'the promoter gets a campaign with points of sale')) return;
  const boundary = `----anaquel${randomUUID()}`;
  const upload = await lb('POST', 'sync/photos', {
    token: promoter.token,
    type: `multipart/form-data; boundary=${boundary}`,
    raw: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  check(upload.status === 201, `photo uploaded on ${upload.by} (${upload.status})`);
  const photoId = upload.json?.data?.id;
  const start = Date.now() - 3_600_000;
  const visit = {
    uuid: randomUUID(),
    campaignId: campaign.id,
    pointOfSaleId: campaign.pointOfSaleIds[0],
    unavailable: true,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 600_000).toISOString(),
    photoIds: [photoId],
    surveys: [],
  };
  const sync = await lb('POST', 'sync/checkins', {
    token: promoter.token,
    body: { checkIns: [visit] },
  });
  const result = sync.json?.data?.results?.[0];
  check(result?.status === 'created', `visit stored on ${sync.by} (${JSON.stringify(result)})`);
  for (const app of cluster.apps) {
    const gallery = await client(app.origin)('GET', 'checkins/photos', { token: admin.token });
    check(
      gallery.status === 200 && gallery.bytes.includes(photoId),
      `process ${app.port}'s gallery shows the photo`,
    );
    const file = await client(app.origin)('GET', `files/${photoId}`, { token: admin.token });
    check(
      file.status === 200 && file.bytes.length > 0,
      `process ${app.port} serves the photo from the shared store (${file.status}, ${file.response.headers.get('content-type')})`,
    );
  }
}

async function exportReport(cluster, lb, admin) {
  process.stdout.write('An export through nginx (streamed, unbuffered)\n');
  const [survey] = await cluster.query('select id from surveys where type = 2 order by id limit 1');
  if (!check(survey !== undefined, 'a product survey to export')) return;
  const answer = await lb(
    'GET',
    `reports/product-survey-export?surveyId=${survey.id}&startDate=2020-01-01&endDate=2030-12-31`,
    { token: admin.token },
  );
  // An .xlsx is a ZIP: complete only with its end-of-central-directory record at the end.
  check(
    answer.status === 200 && answer.bytes.subarray(0, 2).toString() === 'PK',
    `export answered ${answer.status}, ${answer.bytes.length} bytes`,
  );
  check(endsWithZipDirectory(answer.bytes), 'the file ends with its ZIP directory');
}

/** Whether `bytes` end with a ZIP's end-of-central-directory record (and a comment < 64 KB). */
function endsWithZipDirectory(bytes) {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return end > 0 && end >= bytes.length - 22 - 0xffff;
}

async function photoZip(lb, admin) {
  process.stdout.write('The ZIP of photos through nginx (streamed, unbuffered)\n');
  const answer = await lb('GET', 'checkins/photos/zip', { token: admin.token });
  check(
    answer.status === 200 && endsWithZipDirectory(answer.bytes),
    `ZIP answered ${answer.status}, ${answer.bytes.length} bytes, ending with its directory`,
  );
}

async function permissionRemoved(cluster, admin) {
  process.stdout.write('A permission removed through one process, refused by the other\n');
  const [a, b] = cluster.apps.map((app) => client(app.origin));
  const ids = Object.fromEntries(
    (await cluster.query(`select id, code from permissions`)).map((row) => [row.code, row.id]),
  );
  const profileName = `Revisor ${randomUUID().slice(0, 6)}`;
  const profile = await a('POST', 'profiles', {
    token: admin.token,
    body: { name: profileName, permissionIds: [ids.VIEW_BRANDS, ids.VIEW_CLIENTS], isActive: true },
  });
  const email = `revisor.${randomUUID().slice(0, 8)}@prueba.mx`;
  const user = await a('POST', 'users', {
    token: admin.token,
    form: {
      name: 'Rita',
      lastName: 'Revisora',
      dateOfBirth: '1990-01-01',
      email,
      password: 'Revisora#2026',
      profileId: String(profile.json?.data?.id),
      isActive: 'true',
    },
  });
  check(
    user.status === 201,
    `profile and user created (${profile.status}, ${user.status} ${user.status === 201 ? '' : user.bytes})`,
  );
  const session = await signIn(b, email, 'Revisora#2026');
  const onB = () => b('GET', 'brands/paged', { token: session.token });
  check((await onB()).status === 200, 'process B lets the user list brands');
  const removed = await a('PUT', `profiles/${profile.json.data.id}`, {
    token: admin.token,
    body: { name: profileName, permissionIds: [ids.VIEW_CLIENTS], isActive: true },
  });
  const ms = await msUntil(async () => (await onB()).status === 403, 5_000);
  check(
    removed.status === 200 && ms <= SEEN_WITHIN_MS,
    `process B refuses it ${ms.toFixed(0)} ms after process A removed it`,
  );
}

/** Workers through nginx for `ms`: reads and writes, every answer kept. */
async function load(lb, token, ms, onTick) {
  const outcomes = { reads: [], writes: [], acknowledged: [] };
  const until = Date.now() + ms;
  const worker = async (index) => {
    for (let round = 0; Date.now() < until; round++) {
      onTick?.();
      const read = await lb('GET', 'brands/paged?PageSize=5', { token }).catch(() => ({
        status: 0,
      }));
      outcomes.reads.push(read.status);
      const write = await lb('POST', 'brands', {
        token,
        body: { name: `Carga ${index}-${round}-${randomUUID().slice(0, 6)}`, isActive: true },
      }).catch(() => ({ status: 0 }));
      outcomes.writes.push(write.status);
      if (write.status === 201) outcomes.acknowledged.push(write.json.data.id);
    }
  };
  await Promise.all(Array.from({ length: 6 }, (_, index) => worker(index)));
  return outcomes;
}

/** `3×200 1×502` for a list of statuses. @param {number[]} list */
const tally = (list) =>
  Object.entries(
    list.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}),
  )
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');

/** Every acknowledged brand is in the database. */
async function acknowledgedStored(cluster, acknowledged) {
  const stored = await cluster.query('select id from brands where id = any($1::int[])', [
    acknowledged,
  ]);
  check(
    stored.length === acknowledged.length,
    `all ${acknowledged.length} acknowledged writes are stored`,
  );
}

/** Until process `index` answers through nginx again; the seconds since `since`. */
async function rejoins(cluster, lb, session, index, since) {
  const back = `127.0.0.1:${cluster.apps[index].port}`;
  const ms = await msUntil(async () => {
    const answer = await lb('GET', 'brands/paged?PageSize=1', { token: session.token });
    return answer.status === 200 && answer.by === back;
  }, 20_000);
  check(
    Number.isFinite(ms),
    `the restarted process answers through nginx again ${((Date.now() - since) / 1000).toFixed(1)} s after its restart began`,
  );
}

async function rollingRestart(cluster, lb, session) {
  process.stdout.write('SIGTERM of one process under load (a rolling restart)\n');
  const started = Date.now();
  let exit;
  const outcomes = await load(lb, session.token, 9_000, () => {
    if (!exit && Date.now() - started > 1_000) exit = cluster.terminate(0);
  });
  check((await exit) === 0, 'the stopped process drained and exited 0');
  check(
    outcomes.reads.every((status) => status === 200),
    `every read answered 200: ${tally(outcomes.reads)}`,
  );
  // A write nginx sent just as the process closed its listener (the kernel had accepted the
  // connection, the process never read it) is a 502 nginx cannot pass on; rare, and never
  // applied (docs/deployment.md, "Rolling restart").
  const failed = outcomes.writes.filter((status) => status !== 201);
  check(
    failed.every((status) => status === 502) && failed.length <= 2,
    `writes: ${tally(outcomes.writes)} (at most a rare 502 as the listener closes)`,
  );
  await acknowledgedStored(cluster, outcomes.acknowledged);
  const restarted = Date.now();
  await cluster.restart(0);
  await rejoins(cluster, lb, session, 0, restarted);
}

async function killUnderLoad(cluster, lb, session) {
  process.stdout.write('kill -9 of one process under load\n');
  const started = Date.now();
  let killed = false;
  const outcomes = await load(lb, session.token, 4_000, () => {
    if (!killed && Date.now() - started > 1_500) {
      killed = true;
      cluster.kill(1);
    }
  });
  check(
    outcomes.reads.every((status) => status === 200),
    `every read answered 200 (nginx retried them): ${tally(outcomes.reads)}`,
  );
  check(
    outcomes.writes.every((status) => status === 201 || status === 502),
    `writes: ${tally(outcomes.writes)} (a write cut with its process is a 502, never applied twice)`,
  );
  await acknowledgedStored(cluster, outcomes.acknowledged);
  const refreshed = await lb('POST', 'auth/refresh-token', { cookie: session.cookie });
  check(refreshed.status === 200, 'the session goes on (token refreshed)');
  session.token = refreshed.json?.data?.accessToken ?? session.token;
  session.cookie = refreshCookieOf(refreshed.response) ?? session.cookie;

  const restarted = Date.now();
  await cluster.restart(1);
  await rejoins(cluster, lb, session, 1, restarted);
}

const cluster = await startCluster({ processes: 2, demoData: true, label: 'journey' });
const started = Date.now();
try {
  process.stdout.write(
    `Two processes (${cluster.apps.map((app) => app.port).join(', ')}) behind nginx ${cluster.nginxOrigin}, files: ${cluster.storage}\n`,
  );
  const lb = client(/** @type {string} */ (cluster.nginxOrigin));
  const admin = await signInAndRefresh(lb);
  await designerEdit(cluster, lb, admin);
  await syncWithPhoto(cluster, lb, admin);
  await exportReport(cluster, lb, admin);
  await photoZip(lb, admin);
  await permissionRemoved(cluster, admin);
  await rollingRestart(cluster, lb, admin);
  await killUnderLoad(cluster, lb, admin);
} catch (error) {
  check(false, `journey stopped: ${/** @type {Error} */ (error).stack}`);
} finally {
  await cluster.stop();
}
process.stdout.write(
  `${failures === 0 ? 'passed' : `FAILED (${failures})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
process.exit(failures === 0 ? 0 : 1);
