import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignClients,
  checkInSurveys,
  checkIns,
  clientPointsOfSale,
  clients,
  pointsOfSale,
  productClients,
  products,
  states,
  surveys,
} from '../../src/db/schema/index.ts';
import {
  FIXED_HEADERS,
  LIKERT_SCALE,
  UNAVAILABLE_MARK,
  XLSX_TYPE,
} from '../../src/reports/product-survey-export/index.ts';
import { getCheckInSurveyResult } from '../../src/visits/review.ts';
import { QuestionType as T } from '../../src/surveys/types.ts';
import { bearer, expectFailure, tokenFor } from '../helpers.ts';
import { ensureLibreOffice, xlsxToCsvRows } from './libreoffice.ts';
import { CAMPAIGN_NAME, createReportWorld, mxDay, SURVEY_NAME, type ReportWorld } from './world.ts';

// The export read back by exceljs' reader (a second reader, independent of the streaming
// writer) and every cell compared with what the database holds: the fixed columns with the
// stored visit, the answers and points with the result screen's tree (getCheckInSurveyResult).

let r: ReportWorld;

beforeAll(async () => {
  r = await createReportWorld();
}, 180_000);
afterAll(async () => {
  await r?.t.close();
});

const url = (query: string) => `/api/v1/reports/product-survey-export?${query}`;

async function download(query: string, token = r.reviewer) {
  const response = await r.t.app.inject({ method: 'GET', url: url(query), headers: bearer(token) });
  return response;
}

async function workbookOf(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

/** Mexico City wall-clock time of an instant, as the sheet holds it (UTC fields). */
function wallClock(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Mexico_City',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
    instant.getUTCMilliseconds(),
  );
}

const cellValue = (row: ExcelJS.Row, column: number): unknown => {
  const value = row.getCell(column).value;
  return value instanceof Date ? value.getTime() : (value ?? null);
};

describe('GET /reports/product-survey-export', () => {
  it('answers the workbook with the safe and the RFC 5987 file name', async () => {
    const response = await download(
      `surveyId=${r.surveyId}&startDate=${mxDay(-7)}&endDate=${mxDay(0)}`,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['x-report-rows']).toBe('some');
    expect(response.headers['content-encoding']).toBeUndefined();
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="Reporte_Campana_Nandu_Otono_Anaquel_Cafe_Te_50_${mxDay(-7)}_${mxDay(0)}.xlsx"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Reporte_Campaña_Ñandú_Otoño_Anaquel_¿Café_&_Té_50%_${mxDay(-7)}_${mxDay(0)}.xlsx`)}`,
    );
    const decoded = decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!);
    expect(decoded).not.toMatch(/[<>:"/\\|?*]/);
    expect(decoded).toContain('Ñandú');
  });

  it('writes every cell as the database holds it (one row per visit and product, unavailable visits marked)', async () => {
    const response = await download(
      `surveyId=${r.surveyId}&startDate=${mxDay(-7)}&endDate=${mxDay(0)}`,
    );
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Reporte')!;
    const header = sheet.getRow(2);
    const headers = (header.values as unknown[]).slice(1);
    expect(headers.slice(0, FIXED_HEADERS.length)).toEqual([...FIXED_HEADERS]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });

    const { db } = r.t;
    const tree = await db
      .select()
      .from(checkInSurveys)
      .where(eq(checkInSurveys.checkInId, r.visits.recent))
      .orderBy(checkInSurveys.id);
    expect(tree).toHaveLength(2);
    // Rows: the unavailable visit (started earlier), then the recent visit's two products.
    expect(sheet.rowCount).toBe(2 + 3);
    const unavailableRow = sheet.getRow(3);
    expect(cellValue(unavailableRow, 1)).toBe(r.visits.unavailable);
    expect(cellValue(unavailableRow, 13)).toBe(UNAVAILABLE_MARK);
    // Its distances to the point of sale (docs/geo.md), as the sync stored them.
    const [away] = await r.t.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.id, r.visits.unavailable));
    expect(headers.slice(13, 15)).toEqual(['Distancia de entrada (m)', 'Distancia de salida (m)']);
    expect(cellValue(unavailableRow, 14)).toBe(away!.checkInDistance);
    expect(away!.checkInDistance).not.toBeNull();
    expect(cellValue(unavailableRow, 15)).toBeNull();
    for (let column = 16; column <= headers.length; column += 1) {
      expect(cellValue(unavailableRow, column), `column ${column}`).toBeNull();
    }

    const [visit] = await db.select().from(checkIns).where(eq(checkIns.id, r.visits.recent));
    const clientRows = await db
      .select({ name: clients.commercialName })
      .from(clientPointsOfSale)
      .innerJoin(
        campaignClients,
        and(
          eq(campaignClients.clientId, clientPointsOfSale.clientId),
          eq(campaignClients.campaignId, visit!.campaignId),
        ),
      )
      .innerJoin(clients, eq(clients.id, clientPointsOfSale.clientId))
      .where(eq(clientPointsOfSale.pointOfSaleId, visit!.pointOfSaleId));
    const clientsOf =
      clientRows
        .map((c) => c.name)
        .sort()
        .join(', ') || null;
    for (const [index, stored] of tree.entries()) {
      const row = sheet.getRow(4 + index);
      const result = await getCheckInSurveyResult(db, stored.id);
      const fixed = (row.values as unknown[]).slice(1, FIXED_HEADERS.length + 1);
      const [pos] = await db
        .select({ p: pointsOfSale, state: states.name })
        .from(pointsOfSale)
        .innerJoin(states, eq(states.id, pointsOfSale.stateId))
        .where(eq(pointsOfSale.id, visit!.pointOfSaleId));
      const [product] = await db.select().from(products).where(eq(products.id, stored.productId!));
      expect(Array.from(fixed, (v) => (v instanceof Date ? v.getTime() : (v ?? null)))).toEqual([
        visit!.id,
        wallClock(visit!.startDate),
        wallClock(visit!.endDate!),
        37,
        wallClock(visit!.syncedAt),
        'Ana Promotora',
        pos!.p.code,
        pos!.p.name,
        pos!.state,
        pos!.p.municipality,
        pos!.p.city,
        clientsOf,
        'Sí',
        visit!.checkInDistance,
        visit!.checkOutDistance,
        product!.sku,
        product!.name,
        'Marca Prueba',
      ]);

      // Every question column: the answer as the result screen shows it, and its points.
      const answers = new Map<number, (typeof result.segments)[number]['questions'][number]>();
      const segmentPoints = new Map<string, number>();
      const walk = (segments: typeof result.segments, path: string) => {
        for (const segment of segments) {
          const here = path ? `${path} / ${segment.segment}` : segment.segment;
          segmentPoints.set(here, segment.points);
          for (const answer of segment.questions) answers.set(answer.questionId, answer);
          walk(segment.segments, here);
        }
      };
      walk(result.segments, '');
      let column = FIXED_HEADERS.length + 1;
      const questionNames = Object.keys(r.w.storeSurvey.q);
      for (const name of questionNames) {
        expect(headers[column - 1]).toBe(name);
        expect(headers[column]).toBe('Puntos');
        const answer = answers.get(r.w.storeSurvey.q[name]!.id);
        const value = cellValue(row, column);
        const points = cellValue(row, column + 1);
        if (!answer) {
          expect(value, name).toBeNull();
          expect(points, name).toBeNull();
        } else {
          expect(points, name).toBe(answer.points);
          expect(value, name).toEqual(expectedCell(answer));
        }
        column += 2;
      }
      while (String(headers[column - 1]).startsWith('Puntos: ')) {
        const path = String(headers[column - 1]).slice('Puntos: '.length);
        expect(cellValue(row, column), path).toBe(segmentPoints.get(path) ?? null);
        column += 1;
      }
      expect(column - FIXED_HEADERS.length - 1).toBe(2 * questionNames.length + 3);
      expect(headers.slice(column - 1)).toEqual(['Puntos obtenidos', 'Puntos posibles']);
      expect(cellValue(row, column)).toBe(result.answerPoints);
      expect(cellValue(row, column + 1)).toBe(result.surveyPoints);
      expect(column + 1).toBe(headers.length);
    }

    const info = workbook.getWorksheet('Filtros')!;
    const pairs = Object.fromEntries(
      info.getSheetValues().flatMap((v) => (Array.isArray(v) ? [[v[1], v[2]]] : [])),
    );
    expect(pairs).toMatchObject({
      Campaña: CAMPAIGN_NAME,
      Cuestionario: SURVEY_NAME,
      Filas: 3,
      'Zona horaria': 'America/Mexico_City',
    });
    expect((pairs['Fecha de inicio'] as Date).toISOString().slice(0, 10)).toBe(mxDay(-7));
    expect(pairs.Exportado).toBeInstanceOf(Date);
  });

  it('includes every visit without dates and names the file sin_inicio / sin_fin', async () => {
    const response = await download(`surveyId=${r.surveyId}`);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain('_sin_inicio_sin_fin.xlsx"');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('Reporte')!;
    // The old visit (2 products) first, the unavailable one, the recent one (2 products).
    expect(sheet.rowCount).toBe(2 + 5);
    expect(cellValue(sheet.getRow(3), 1)).toBe(r.visits.old);
  });

  it('reads in keyset batches without losing, repeating or changing a cell', async () => {
    const { prepareExport, writeProductSurveyExport } =
      await import('../../src/reports/product-survey-export/index.ts');
    const { PassThrough } = await import('node:stream');
    const prepared = await prepareExport(r.t.db, { surveyId: r.surveyId });
    const exportWith = async (batchSize: number) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const count = await writeProductSurveyExport(r.t.db, prepared, out, { batchSize });
      const sheet = (await workbookOf(Buffer.concat(chunks))).getWorksheet('Reporte')!;
      const rows: unknown[][] = [];
      for (let n = 3; n <= sheet.rowCount; n += 1) {
        const row = sheet.getRow(n);
        rows.push(Array.from({ length: sheet.columnCount }, (_, i) => cellValue(row, i + 1)));
      }
      return { count, rows };
    };
    // Clients of the campaign at every visited point of sale, read once for the export and
    // shared by the batches (removed afterwards: the other tests read the world as it was).
    const db = r.t.db;
    const visited = await db
      .selectDistinct({ campaignId: checkIns.campaignId, pointOfSaleId: checkIns.pointOfSaleId })
      .from(checkIns);
    const added = await db
      .insert(clients)
      .values([
        { code: 'LOTE-1', commercialName: 'Cliente Lote Uno', taxId: 'AAA010101AAA' },
        { code: 'LOTE-2', commercialName: 'Cliente Lote Dos', taxId: 'BBB010101BBB' },
      ])
      .returning({ id: clients.id });
    try {
      for (const { id } of added) {
        for (const { campaignId, pointOfSaleId } of visited) {
          await db.insert(clientPointsOfSale).values({ clientId: id, pointOfSaleId });
          await db.insert(campaignClients).values({ clientId: id, campaignId }).onConflictDoNothing();
        }
      }
      const whole = await exportWith(1000);
      expect(whole.count).toBe(5);
      const keys = whole.rows.map((row) => `${String(row[0])}:${String(row[15])}`);
      expect(new Set(keys).size).toBe(5);
      for (const row of whole.rows) {
        expect(String(row[11])).toContain('Cliente Lote Dos, Cliente Lote Uno');
      }
      // Batches of 1, 2 and 3 (a last, short batch) and 5 (the
      // last batch full, then an empty one): the very same cells in the same order.
      for (const batchSize of [1, 2, 3, 5]) {
        const batched = await exportWith(batchSize);
        expect(batched.count, `batches of ${batchSize}`).toBe(5);
        expect(batched.rows, `batches of ${batchSize}`).toEqual(whole.rows);
      }
    } finally {
      for (const { id } of added) {
        await db.delete(clientPointsOfSale).where(eq(clientPointsOfSale.clientId, id));
        await db.delete(campaignClients).where(eq(campaignClients.clientId, id));
        await db.delete(clients).where(eq(clients.id, id));
      }
    }
  });

  it("names in 'Cliente' the product's clients, else the campaign's (no point of sale linked)", async () => {
    const { db } = r.t;
    const [visit] = await db.select().from(checkIns).where(eq(checkIns.id, r.visits.recent));
    const added = await db
      .insert(clients)
      .values([
        { code: 'DUENO', commercialName: 'Cliente Dueño', taxId: 'DDD010101DDD' },
        { code: 'OTRO', commercialName: 'Cliente Otro', taxId: 'OOO010101OOO' },
      ])
      .returning({ id: clients.id });
    const [owner, other] = added.map((c) => c.id) as [number, number];
    try {
      await db.insert(campaignClients).values([
        { campaignId: visit!.campaignId, clientId: owner },
        { campaignId: visit!.campaignId, clientId: other },
      ]);
      await db.insert(productClients).values({ productId: r.w.productIds[0], clientId: owner });
      const sheet = (await workbookOf((await download(`surveyId=${r.surveyId}`)).rawPayload))
        .getWorksheet('Reporte')!;
      const seen: [unknown, unknown][] = [];
      for (let n = 3; n <= sheet.rowCount; n += 1) {
        seen.push([cellValue(sheet.getRow(n), 16), cellValue(sheet.getRow(n), 12)]);
      }
      const [sku1] = await db.select().from(products).where(eq(products.id, r.w.productIds[0]));
      const everyone = 'Cliente Dueño, Cliente Otro';
      expect(seen).toHaveLength(5);
      for (const [sku, client] of seen) {
        // The owned product names its owner; the other product and the unavailable visit
        // (no SKU) name the campaign's clients.
        expect(client, String(sku)).toBe(sku === sku1!.sku ? 'Cliente Dueño' : everyone);
      }
    } finally {
      await db.delete(productClients).where(eq(productClients.clientId, owner));
      for (const id of [owner, other]) {
        await db.delete(campaignClients).where(eq(campaignClients.clientId, id));
        await db.delete(clients).where(eq(clients.id, id));
      }
    }
  });

  it('exports zero rows with the headers and the filters sheet', async () => {
    const day = '2001-01-01';
    const response = await download(`surveyId=${r.surveyId}&startDate=${day}&endDate=${day}`);
    expect(response.statusCode).toBe(200);
    // The screen says the range has no visits (the file is still sent: docs/decisions.md).
    expect(response.headers['x-report-rows']).toBe('none');
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Reporte')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Visita');
    const info = workbook.getWorksheet('Filtros')!;
    const filas = info
      .getSheetValues()
      .find((v) => Array.isArray(v) && v[1] === 'Filas') as unknown[];
    expect(filas[2]).toBe(0);
  });

  it('accepts ISO date-times (spec 1 §7) and reads each as its Mexico City day', async () => {
    const days = await download(
      `surveyId=${r.surveyId}&startDate=${mxDay(-7)}&endDate=${mxDay(0)}`,
    );
    const q = (start: string, end: string) =>
      `surveyId=${r.surveyId}&startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;
    // The same window as instants at the Mexico City day's edges (Mexico City is UTC-6).
    const instants = await download(
      q(`${mxDay(-7)}T00:00:00.000-06:00`, `${mxDay(0)}T23:59:59.999-06:00`),
    );
    expect(instants.statusCode, instants.body.slice(0, 300)).toBe(200);
    expect(instants.headers['content-disposition']).toBe(days.headers['content-disposition']);
    const rowsOf = async (payload: Buffer) =>
      (await workbookOf(payload)).getWorksheet('Reporte')!.rowCount;
    expect(await rowsOf(instants.rawPayload)).toBe(await rowsOf(days.rawPayload));
    // UTC midnight of 1 November is still 31 October in Mexico City; without an offset the
    // date-time is Mexico City's own clock.
    const utc = await download(q('2026-11-01T00:00:00Z', '2026-11-02T05:59:59Z'));
    expect(String(utc.headers['content-disposition'])).toContain('_2026-10-31_2026-11-01.xlsx"');
    const local = await download(q('2026-11-01T00:00', '2026-11-02T23:59:59'));
    expect(String(local.headers['content-disposition'])).toContain('_2026-11-01_2026-11-02.xlsx"');
    for (const bad of ['2026-11-01T24:00:00Z', '2026-02-30T10:00:00Z', '2026-11-01T10:00:00+25:00']) {
      const refused = expectFailure(
        await download(q(bad, '2026-12-01')),
        'exportProductSurveyReport',
        400,
      );
      expect(refused.validationErrors, bad).toEqual([
        { field: 'startDate', message: expect.stringMatching(/^La fecha no es válida/) as string },
      ]);
    }
    const reversed = await download(q('2026-11-02T12:00:00Z', '2026-11-01T12:00:00Z'));
    expect(expectFailure(reversed, 'exportProductSurveyReport', 400).errorMessage).toBe(
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
  });

  it('answers the envelope before any byte: 404, 400, 422', async () => {
    const missing = expectFailure(
      await download('surveyId=999999'),
      'exportProductSurveyReport',
      404,
    );
    expect(missing.errorMessage).toBe('El cuestionario no existe.');
    const badDate = await download(`surveyId=${r.surveyId}&startDate=2026-02-30`);
    expect(
      expectFailure(badDate, 'exportProductSurveyReport', 400).validationErrors[0]!.field,
    ).toMatch(/startDate/);
    const notIso = await download(`surveyId=${r.surveyId}&endDate=ayer`);
    expectFailure(notIso, 'exportProductSurveyReport', 400);
    const reversed = expectFailure(
      await download(`surveyId=${r.surveyId}&startDate=2026-03-02&endDate=2026-03-01`),
      'exportProductSurveyReport',
      400,
    );
    expect(reversed.errorMessage).toBe(
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
    const storeSurvey = expectFailure(
      await download(`surveyId=${r.storeSurveyId}`),
      'exportProductSurveyReport',
      422,
    );
    expect(storeSurvey.errorMessage).toBe('El cuestionario no es de tipo Producto.');
    expectFailure(await download('surveyId=abc'), 'exportProductSurveyReport', 400);
  });

  it('requires VIEW_CHECKINS (403) and a session (401)', async () => {
    const other = await tokenFor(r.t.app, r.t.db, ['VIEW_SURVEYS']);
    expectFailure(
      await download(`surveyId=${r.surveyId}`, other),
      'exportProductSurveyReport',
      403,
    );
    const anonymous = await r.t.app.inject({ method: 'GET', url: url(`surveyId=${r.surveyId}`) });
    expectFailure(anonymous, 'exportProductSurveyReport', 401);
  });

  it('keeps exporting the stored answers after the survey is renamed', async () => {
    await r.t.db.update(surveys).set({ name: 'Renombrado' }).where(eq(surveys.id, r.surveyId));
    const response = await download(`surveyId=${r.surveyId}`);
    expect(String(response.headers['content-disposition'])).toContain('_Renombrado_');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('Reporte')!;
    expect(sheet.rowCount).toBe(7);
    const [stored] = await r.t.db
      .select()
      .from(checkInSurveys)
      .where(
        and(
          eq(checkInSurveys.checkInId, r.visits.old),
          eq(checkInSurveys.productId, r.w.productIds[0]),
        ),
      );
    const last = sheet.getRow(2).cellCount;
    expect(cellValue(sheet.getRow(3), last - 1)).toBe(stored!.answerPoints);
    await r.t.db.update(surveys).set({ name: SURVEY_NAME }).where(eq(surveys.id, r.surveyId));
  });
});

type ResultAnswer = Awaited<
  ReturnType<typeof getCheckInSurveyResult>
>['segments'][number]['questions'][number];

/** The cell docs/reports.md promises for an answer of the result tree. */
function expectedCell(answer: ResultAnswer): unknown {
  if (answer.isNa) return 'N/A';
  switch (answer.type) {
    case T.Text:
      return answer.textValue;
    case T.Integer:
      return answer.intValue;
    case T.Decimal:
      return answer.decimalValue;
    case T.Date:
      return Date.parse(`${answer.dateValue}T00:00:00Z`);
    case T.Ranking:
      return answer.selectedOptions.map((o) => `${o.value}. ${o.description}`).join(', ');
    case T.LikertMatrix:
      return answer.selectedOptions
        .map((o) => `${o.description}: ${LIKERT_SCALE[o.value! - 1]}`)
        .join('; ');
    default:
      return answer.selectedOptions
        .map((o) => (o.isOther ? `Otro: ${o.otherText}` : o.description))
        .join(', ');
  }
}

describe('the export opened by LibreOffice', () => {
  const office = ensureLibreOffice();
  it.skipIf('skip' in office)(
    `converts the file to CSV with the same cells${'skip' in office ? ` (skipped: ${office.skip})` : ''}`,
    async () => {
      const response = await download(
        `surveyId=${r.surveyId}&startDate=${mxDay(-7)}&endDate=${mxDay(0)}`,
      );
      const rows = await xlsxToCsvRows((office as { binary: string }).binary, response.rawPayload);
      const read = (await workbookOf(response.rawPayload)).getWorksheet('Reporte')!;
      expect(rows.filter((row) => row.some((cell) => cell !== ''))).toHaveLength(read.rowCount);
      expect(rows[1]!.slice(0, FIXED_HEADERS.length)).toEqual([...FIXED_HEADERS]);
      expect(rows[2]![0]).toBe(String(r.visits.unavailable));
      expect(rows[2]![12]).toBe(UNAVAILABLE_MARK);
      for (const n of [3, 4]) {
        const row = read.getRow(n + 1);
        rows[n]!.forEach((cell, index) => {
          const value = row.getCell(index + 1).value;
          const expected =
            value === null || value === undefined
              ? ''
              : value instanceof Date
                ? value
                    .toISOString()
                    .slice(0, index === 1 || index === 2 || index === 4 ? 16 : 10)
                    .replace('T', ' ')
                : typeof value === 'number'
                  ? String(value)
                  : String(value);
          if (typeof value === 'number') {
            expect(Number(cell), `row ${n + 1} column ${index + 1}`).toBeCloseTo(value, 2);
          } else {
            expect(cell, `row ${n + 1} column ${index + 1}`).toBe(expected);
          }
        });
      }
      expect(rows[4]).toContain('Otro: Junto a cajas');
      expect(rows[3]).toContain('Bien, ñ "ok"');
    },
    180_000,
  );
});
