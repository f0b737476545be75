// The photo gallery and the ZIP of photos (issue #24, docs/gallery.md): the page equals the
// database's photos for a filter, in order; the ZIP holds the same photos, passes `unzip -t` and
// yauzl, with fotos.csv safe from formulas; one download per user; a client that leaves stops
// the reading; permissions; hostile filters are 400s. Also run on PostgreSQL with
// TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { FileStorage } from '../../src/files/storage.ts';
import { rowsOf } from '../../src/surveys/tree.ts';
import { bearer, createUser, expectFailure, expectSuccess, tokenFor } from '../helpers.ts';
import { useSyncWorld, type SyncCheckIn } from './sync-client.ts';

const s = useSyncWorld();
let reviewer: string;
let viewer: string;
/** A user with no visit. */
let idleUserId: number;
/** File ids in the gallery's order. */
let expected: string[];
let answerPhotoId: string;

function visitAt(
  hoursAgo: number,
  photoIds: string[],
  answerPhotos: string[] = [],
  latitude = 19.43,
): SyncCheckIn {
  const start = Date.now() - hoursAgo * 3600_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  return s.visit({
    uuid: randomUUID(),
    startDate: at(0),
    endDate: at(40),
    checkInLatitude: latitude,
    checkInLongitude: -99.13,
    photoIds,
    surveys: [
      {
        surveyId: s.survey.id,
        productId: null,
        startDate: at(5),
        endDate: at(20),
        answers: [
          { questionId: s.survey.text, textValue: 'Listo' },
          ...(answerPhotos.length > 0
            ? [{ questionId: s.survey.photo, textValue: '=HYPERLINK("x")', photoIds: answerPhotos }]
            : []),
        ],
      },
    ],
  });
}

beforeAll(async () => {
  const upload = () => s.client.upload(s.token);
  const [a, b, c, d, e] = [
    await upload(),
    await upload(),
    await upload(),
    await upload(),
    await upload(),
  ];
  answerPhotoId = c!;
  const results = await s.client.sync(s.token, [
    visitAt(1, [a!, b!], [c!]),
    // About 8 km from its point of sale: out of range.
    visitAt(3, [d!], [], 19.5),
    visitAt(30 * 24, [e!]),
  ]);
  expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created']);
  expected = [a!, b!, c!, d!, e!];
  reviewer = await tokenFor(s.t.app, s.t.db, ['VIEW_CHECKINS', 'VIEW_USERS']);
  viewer = await tokenFor(s.t.app, s.t.db, ['VIEW_USERS']);
  idleUserId = (await createUser(s.t.db, s.t.app.services.config, [])).id;
}, 180_000);

const get = (url: string, token = reviewer) =>
  s.t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });

/** Every photo id of a filter, page after page (small pages, so the cursor is walked). */
async function pagedIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `checkins/photos?PageSize=2&${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = expectSuccess(await get(url), 'listCheckInPhotos');
    ids.push(...page.rows.map((r) => r.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const count = async (query: string, token = reviewer) =>
  expectSuccess(await get(`checkins/photos/count?${query}`, token), 'countCheckInPhotos');

/** Mexico City's day `offset` days from today. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(Date.now() + offset * 24 * 3600_000),
  );

describe('GET checkins/photos', () => {
  it('pages every photo newest first, with its context, and counts nothing', async () => {
    const first = expectSuccess(await get('checkins/photos?PageSize=2'), 'listCheckInPhotos');
    // The page is the same work on every page: no count on the first one either.
    expect(Object.keys(first).sort()).toEqual(['nextCursor', 'rows']);
    expect(first.rows.map((r) => r.id)).toEqual(expected.slice(0, 2));
    expect(first.rows[0]).toMatchObject({
      url: `files/${expected[0]}`,
      thumbnailUrl: `files/${expected[0]}?size=thumb`,
      user: 'Ana Promotora',
      pointOfSale: 'Abarrotes Centro',
      surveyId: null,
      question: null,
      answer: null,
      latitude: 19.43,
      longitude: -99.13,
    });
    expect(await pagedIds('')).toEqual(expected);
  });

  it('keeps only the answer photos of a survey or a question, with the answer', async () => {
    for (const filter of [`surveyId=${s.survey.id}`, `questionId=${s.survey.photo}`]) {
      const page = expectSuccess(await get(`checkins/photos?${filter}`), 'listCheckInPhotos');
      expect(page.rows.map((r) => r.id)).toEqual([answerPhotoId]);
      expect(page.rows[0]).toMatchObject({
        survey: 'Datos de la visita',
        question: 'Foto del anaquel',
        answer: '=HYPERLINK("x")',
      });
    }
    const none = expectSuccess(
      await get(`checkins/photos?questionId=${s.survey.text}`),
      'listCheckInPhotos',
    );
    expect(none).toEqual({ rows: [], nextCursor: null });
  });

  it('filters by dates, campaign and point of sale', async () => {
    expect(await pagedIds(`startDate=${day(-5)}&endDate=${day(1)}`)).toEqual(expected.slice(0, 4));
    expect(await pagedIds(`campaignId=${s.w.otherCampaignId}`)).toEqual([]);
    expect(await pagedIds(`pointOfSaleId=${s.w.pointOfSaleId}`)).toEqual(expected);
  });

  it('needs VIEW_CHECKINS, and VIEW_USERS to filter by promoter', async () => {
    expectFailure(await get('checkins/photos', viewer), 'listCheckInPhotos', 403);
    expectFailure(await get('checkins/photos/zip', viewer), 'downloadCheckInPhotos', 403);
    const noUsers = await tokenFor(s.t.app, s.t.db, ['VIEW_CHECKINS']);
    const url = `checkins/photos?promoterId=${s.w.promoter.id}`;
    expectFailure(await get(url, noUsers), 'listCheckInPhotos', 403);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('answers hostile filters with 400, never 5xx', async () => {
    const hostile = [
      'cursor=bm90IGpzb24',
      `cursor=${Buffer.from('["x",1,1,0,0]').toString('base64url')}`,
      `cursor=${Buffer.from('["2026-01-01T00:00:00.000000Z",1,7,0,0]').toString('base64url')}`,
      `cursor=${'A'.repeat(300)}`,
      'cursor=%27%3B%20drop%20table%20files',
      'startDate=2026-13-40',
      'startDate=2026-11-20&endDate=2026-11-01',
      'PageSize=0',
      'PageSize=101',
      'surveyId=abc',
      'questionId=99999999999',
      'campaignId=-1',
      'outOfRange=maybe',
    ];
    for (const query of hostile) {
      const response = await get(`checkins/photos?${query}`);
      expect(response.statusCode, query).toBe(400);
      const zip = await get(`checkins/photos/zip?${query}`);
      expect(zip.statusCode, query).toBeLessThan(500);
    }
  });
});

describe('GET checkins/photos/count', () => {
  it('counts the photos the pages list, for every filter', async () => {
    const filters = [
      '',
      `startDate=${day(-5)}&endDate=${day(1)}`,
      `startDate=${day(-40)}&endDate=${day(-20)}`,
      `startDate=${day(2)}&endDate=${day(3)}`,
      `campaignId=${s.w.otherCampaignId}`,
      `pointOfSaleId=${s.w.pointOfSaleId}`,
      `surveyId=${s.survey.id}`,
      `questionId=${s.survey.photo}`,
      `questionId=${s.survey.text}`,
      `promoterId=${s.w.promoter.id}`,
      `promoterId=${idleUserId}`,
      'outOfRange=true',
    ];
    const counts: Record<string, number> = {};
    for (const filter of filters) {
      const counted = await count(filter);
      expect(counted.totalCountIsCapped, filter).toBe(false);
      expect(counted.totalCount, filter).toBe((await pagedIds(filter)).length);
      counts[filter] = counted.totalCount;
    }
    // The figures themselves, so that a count and pages wrong the same way are caught.
    expect(Object.values(counts)).toEqual([5, 4, 1, 0, 0, 5, 1, 1, 0, 5, 0, 1]);
  });

  it('needs VIEW_CHECKINS, and VIEW_USERS to filter by promoter', async () => {
    expectFailure(await get('checkins/photos/count', viewer), 'countCheckInPhotos', 403);
    const noUsers = await tokenFor(s.t.app, s.t.db, ['VIEW_CHECKINS']);
    const url = `checkins/photos/count?promoterId=${s.w.promoter.id}`;
    expectFailure(await get(url, noUsers), 'countCheckInPhotos', 403);
    expect((await count('', noUsers)).totalCount).toBe(5);
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/v1/checkins/photos/count' });
    expectFailure(anonymous, 'countCheckInPhotos', 401);
  });

  it('answers bad filters with 400', async () => {
    const end = expectFailure(
      await get('checkins/photos/count?startDate=2026-11-20&endDate=2026-11-01'),
      'countCheckInPhotos',
      400,
    );
    expect(end.errorMessage).toBe('La fecha de fin no puede ser anterior a la fecha de inicio');
    for (const query of [
      'startDate=2026-13-40',
      'endDate=ayer',
      'surveyId=abc',
      'questionId=99999999999',
      'campaignId=-1',
      'pointOfSaleId=0',
      'promoterId=1.5',
      'outOfRange=maybe',
    ]) {
      expectFailure(await get(`checkins/photos/count?${query}`), 'countCheckInPhotos', 400);
    }
  });
});

const execFileAsync = promisify(execFile);

/** The entries of a ZIP read by yauzl: name -> bytes. */
async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(bytes, {
    lazyEntries: true,
  });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

async function storedBytes(storage: FileStorage, fileId: string): Promise<Buffer> {
  const row = await s.t.db.query.files.findFirst({ where: (f, { eq }) => eq(f.id, fileId) });
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(row!.storageKey))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GET checkins/photos/zip', () => {
  it('holds the filter photos and fotos.csv, passes unzip -t and yauzl', async () => {
    const response = await get('checkins/photos/zip');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="fotos_sin_inicio_sin_fin.zip"',
    );
    const bytes = response.rawPayload;
    const dir = await mkdtemp(path.join(tmpdir(), 'anaquel-zip-'));
    try {
      await writeFile(path.join(dir, 'f.zip'), bytes);
      const { stdout } = await execFileAsync('unzip', ['-t', path.join(dir, 'f.zip')]);
      expect(stdout).toContain('No errors detected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const entries = await readZip(bytes);
    const names = [...entries.keys()];
    expect(names).toHaveLength(6);
    expect(names.at(-1)).toBe('fotos.csv');
    for (const name of names.slice(0, 5)) {
      expect(name).toMatch(/^PV-[^/]+\/\d{4}-\d{2}-\d{2}\/\d{4}_Ana_Promotora_.+_\d+\.png$/);
    }
    expect(names[2]).toMatch(/_Datos_de_la_visita_Foto_del_anaquel_3\.png$/);
    expect(names[0]).toMatch(/_visita_1\.png$/);
    for (const [i, id] of expected.entries()) {
      expect(entries.get(names[i]!)!.equals(await storedBytes(s.t.app.services.storage, id))).toBe(
        true,
      );
    }
    const csv = entries.get('fotos.csv')!.toString('utf8');
    expect(csv.startsWith('\uFEFF"Archivo","Visita","Fecha"')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      names.slice(0, 5).map((n) => `"${n}"`),
    );
    // The answer that looks like a formula is text in a spreadsheet.
    expect(lines[3]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toContain('19.43,-99.13');
  });

  it('stores the photos (no deflate)', async () => {
    const bytes = (await get('checkins/photos/zip')).rawPayload;
    const zip = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(bytes, {});
    const methods = await new Promise<Map<string, number>>((resolve) => {
      const found = new Map<string, number>();
      zip.on('entry', (entry: yauzl.Entry) => found.set(entry.fileName, entry.compressionMethod));
      zip.on('end', () => resolve(found));
    });
    for (const [name, method] of methods) expect(method, name).toBe(name === 'fotos.csv' ? 8 : 0);
  });
});

describe('a download in flight', () => {
  it('is one per user (409), and a client that leaves stops the reading', async () => {
    const real = s.t.app.services.storage;
    const reads: string[] = [];
    const streams: Readable[] = [];
    // Each photo read as 2 MB: the ZIP outgrows the sockets' buffers, so backpressure holds it.
    s.t.app.services.storage = {
      ...real,
      put: real.put.bind(real),
      delete: real.delete.bind(real),
      async get(key) {
        reads.push(key);
        const stream = Readable.from([Buffer.alloc(2 * 1024 * 1024, 7)]);
        streams.push(stream);
        return stream;
      },
    };
    // Twenty visits of one photo each besides the five above.
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await s.client.upload(s.token));
    const results = await s.client.sync(
      s.token,
      ids.map((id, i) => visitAt(5 + i, [id])),
    );
    expect(results.every((r) => r.status === 'created')).toBe(true);
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = s.t.app.server.address() as AddressInfo;
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/api/v1/checkins/photos/zip',
        headers: bearer(reviewer),
      });
      const response = await new Promise<IncomingMessage>((resolve) => {
        request.on('response', resolve);
        request.end();
      });
      expect(response.statusCode).toBe(200);
      // One chunk, then nothing read: the server fills the buffers and waits.
      await new Promise<void>((resolve) => response.once('data', () => resolve()));
      response.pause();
      const second = await get('checkins/photos/zip');
      expectFailure(second, 'downloadCheckInPhotos', 409);
      expect(second.json().errorMessage).toBe(
        'Ya tienes una descarga de fotos en curso. Espera a que termine o cancélala.',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const beforeLeaving = reads.length;
      expect(beforeLeaving).toBeLessThan(25);
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const afterLeaving = reads.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads.length).toBe(afterLeaving);
      expect(afterLeaving).toBeLessThan(25);
      // The photos opened ahead were closed, not left waiting.
      expect(streams.every((stream) => stream.destroyed)).toBe(true);
      // The user's slot is free again.
      const again = await get('checkins/photos/zip?surveyId=999999');
      expect(again.statusCode).toBe(200);
    } finally {
      s.t.app.services.storage = real;
    }
  }, 60_000);
});

describe('the count at scale', () => {
  it('is exact up to 1 000 photos, then says 1 000 and capped', async () => {
    const [visit] = rowsOf<{ id: number }>(
      await s.t.db.execute(sql`select id from check_ins order by start_date desc limit 1`),
    );
    // Up to 1 000 photos in all (the tests above stored a few): exact.
    const before = (await count('')).totalCount;
    const addPhotos = (n: number, from: number) =>
      s.t.db.execute(sql`with f as (
        insert into files (id, mime, size, storage_key)
        select gen_random_uuid(), 'image/png', 1, 'cap/' || i || '.png'
        from generate_series(${from}::int, ${from + n - 1}::int) i returning id)
      insert into check_in_photos (check_in_id, file_id, "order")
      select ${visit!.id}, id, ${100 + from}::int + row_number() over () from f`);
    await addPhotos(1000 - before, 1);
    expect(await count('')).toEqual({ totalCount: 1000, totalCountIsCapped: false });
    await addPhotos(1, 1001);
    expect(await count('')).toEqual({ totalCount: 1000, totalCountIsCapped: true });
    expect(await count(`questionId=${s.survey.photo}`)).toEqual({
      totalCount: 1,
      totalCountIsCapped: false,
    });
  });
});
