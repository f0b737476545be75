import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, campaigns, pointsOfSale, users, zipCodes } from '../../src/db/schema/index.ts';
import { masterDataSeeder, SAMPLE_ZIP_FILE } from '../../src/seed/master-data.ts';
import { LocalFileStorage } from '../../src/files/storage.ts';
import { importZipCodeFile, importZipCodes } from '../../src/zipcodes/import.ts';
import {
  parseSepomex,
  SepomexFormatError,
  type SepomexSettlement,
} from '../../src/zipcodes/sepomex.ts';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, type Api } from './fixtures.ts';

// The SEPOMEX parser and importer (docs/zipcodes.md), the zip-code look-up and the demo seed.

const HEADER =
  'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';

async function parseAll(source: AsyncIterable<Uint8Array | string>): Promise<SepomexSettlement[]> {
  const rows: SepomexSettlement[] = [];
  for await (const row of parseSepomex(source)) rows.push(row);
  return rows;
}

async function* chunks(buffer: Buffer, size: number) {
  for (let start = 0; start < buffer.length; start += size)
    yield buffer.subarray(start, start + size);
}

describe('SEPOMEX parser', () => {
  it('decodes ISO-8859-1 across chunk boundaries, skips the notice, keeps empty cities as null', async () => {
    const text = `Aviso de prueba\r\n${HEADER}\r\n01000|San Ángel|Colonia|Álvaro Obregón|Ciudad de México|Ciudad de México|01001|09|01001||09|010|0001|Urbano|01\r\n56600|Ejido Peñón|Ejido|Chalco|México||56601|15|56601||15|025|0002|Rural|\r\n`;
    const latin1 = Buffer.from(text, 'latin1');
    expect(latin1.includes(Buffer.from('Á', 'utf8'))).toBe(false);
    const rows = await parseAll(chunks(latin1, 7));
    expect(rows).toEqual([
      expect.objectContaining({
        zipCode: '01000',
        settlement: 'San Ángel',
        municipality: 'Álvaro Obregón',
        stateKey: '09',
        city: 'Ciudad de México',
        line: 3,
      }),
      expect.objectContaining({
        zipCode: '56600',
        settlement: 'Ejido Peñón',
        settlementType: 'Ejido',
        stateKey: '15',
        city: null,
        zone: 'Rural',
      }),
    ]);
  });

  it('refuses a file without the header or with a damaged line, naming the line', async () => {
    await expect(parseAll(chunks(Buffer.from('a|b|c\n1|2|3\n'), 64))).rejects.toBeInstanceOf(
      SepomexFormatError,
    );
    const damaged = Buffer.from(`Aviso\n${HEADER}\n01000|San Ángel|Colonia\n`, 'latin1');
    await expect(parseAll(chunks(damaged, 64))).rejects.toThrow(
      'Línea 3: se esperaban 15 columnas y hay 3',
    );
    const badCode = Buffer.from(
      `Aviso\n${HEADER}\n1000|A|Colonia|B|C||x|09|x||09|001|0001|Urbano|\n`,
      'latin1',
    );
    await expect(parseAll(chunks(badCode, 64))).rejects.toThrow(
      'Línea 3: código postal inválido "1000"',
    );
  });

  it('reads the synthetic sample: hundreds of settlements, several states, several per code', async () => {
    const rows = await parseAll(chunks(readFileSync(SAMPLE_ZIP_FILE), 4096));
    expect(rows.length).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.stateKey)).size).toBeGreaterThanOrEqual(8);
    const perCode = new Map<string, number>();
    for (const row of rows) perCode.set(row.zipCode, (perCode.get(row.zipCode) ?? 0) + 1);
    expect([...perCode.values()].some((count) => count >= 3)).toBe(true);
    expect(rows.some((row) => /[áéíóúñü]/i.test(row.settlement + row.municipality))).toBe(true);
  });
});

describe('import and look-up', () => {
  let t: TestApp;
  let api: Api;

  beforeAll(async () => {
    t = await createTestApp();
    api = await apiAs(t.app, t.db, []);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('imports the sample twice without duplicates', async () => {
    const first = await importZipCodeFile(t.db, SAMPLE_ZIP_FILE, { batchSize: 50 });
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(zipCodes))[0]!.n;
    expect(first.read).toBeGreaterThan(200);
    expect(await count()).toBe(first.upserted);
    const second = await importZipCodeFile(t.db, SAMPLE_ZIP_FILE);
    expect(second.read).toBe(first.read);
    expect(await count()).toBe(first.upserted);
  });

  it('changes nothing when the file breaks halfway', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(zipCodes))[0]!.n;
    const text = `Aviso\n${HEADER}\n99001|Nueva|Colonia|Mérida|Yucatán|Mérida|97001|31|97001||09|050|0001|Urbano|01\n99002|Rota\n`;
    await expect(
      importZipCodes(t.db, chunks(Buffer.from(text, 'latin1'), 16), { batchSize: 1 }),
    ).rejects.toBeInstanceOf(SepomexFormatError);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(zipCodes))[0]!.n).toBe(
      before,
    );
  });

  it('answers every settlement of a code to any signed-in user', async () => {
    const sample = readFileSync(SAMPLE_ZIP_FILE)
      .toString('latin1')
      .split(/\r?\n/)
      .slice(2)
      .filter(Boolean);
    const code = '06045';
    const expected = sample
      .filter((line) => line.startsWith(`${code}|`))
      .map((line) => line.split('|')[1]);
    expect(expected.length).toBeGreaterThan(1);
    const settlements = expectSuccess(await api.get(`zipcodes?Filter=${code}`), 'listZipCodes');
    expect(settlements.map((s) => s.settlement).sort()).toEqual([...expected].sort());
    expect(settlements[0]).toMatchObject({
      zipCode: code,
      stateId: 9,
      stateName: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
    });
    expect(
      expectSuccess(await api.get(`zipcodes?Filter=${code}&Take=1`), 'listZipCodes'),
    ).toHaveLength(1);
    expect(expectSuccess(await api.get('zipcodes?Filter=00000'), 'listZipCodes')).toEqual([]);
    expectFailure(await api.get('zipcodes?Filter=0604'), 'listZipCodes', 400, 'VALIDATION_ERROR');
    expectFailure(await api.get('zipcodes'), 'listZipCodes', 400, 'VALIDATION_ERROR');
  });

  it('seeds the demo master data once, consistent with the look-up', async () => {
    const context = { db: t.db, config: t.config, storage: new LocalFileStorage(t.config.dataDir) };
    await masterDataSeeder.run(context);
    await masterDataSeeder.run(context);
    const count = async (table: typeof brands | typeof campaigns | typeof pointsOfSale) =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    expect(await count(brands)).toBe(5);
    expect(await count(campaigns)).toBe(2);
    expect(await count(pointsOfSale)).toBeGreaterThanOrEqual(8);
    const admin = await apiAs(t.app, t.db);
    const campaign = expectSuccess(
      await admin.get('campaigns/paged?Filter=clases'),
      'listCampaigns',
    ).rows[0]!;
    const detail = expectSuccess(await admin.get(`campaigns/${campaign.id}`), 'getCampaign');
    expect(detail.pointOfSaleIds.length).toBeGreaterThan(0);
    expect(detail.productIds.length).toBeGreaterThan(0);
    const promoter = expectSuccess(
      await admin.get('users/paged?Filter=promotor@anaquel.mx'),
      'listUsers',
    ).rows[0]!;
    expect(promoter).toMatchObject({ profileName: 'promotor', regionNames: ['Bajío', 'Centro'] });
    // Every demo point of sale passes the zip/state rule of the form.
    const rows = await t.db.select().from(pointsOfSale);
    for (const row of rows) {
      const settlements = expectSuccess(
        await admin.get(`zipcodes?Filter=${row.zipCode}`),
        'listZipCodes',
      );
      expect(settlements.map((s) => s.stateId)).toContain(row.stateId);
    }
    expect(await t.db.select().from(users)).not.toHaveLength(0);
    // The demo data obeys the forms' rules: every campaign and product has a client.
    const campaignRows = expectSuccess(await admin.get('campaigns/paged'), 'listCampaigns').rows;
    expect(campaignRows.every((row) => row.clientIds.length > 0)).toBe(true);
    const productRows = expectSuccess(
      await admin.get('products/paged?PageSize=100'),
      'listProducts',
    ).rows;
    expect(productRows.length).toBeGreaterThan(5);
    expect(productRows.every((row) => row.clientIds.length > 0)).toBe(true);
  });
});
