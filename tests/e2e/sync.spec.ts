// Issue #20: the promoters' phone app against the real server (docs/sync.md). The demo
// promoter downloads its campaigns, uploads a photo and sends a visit whose ids are in capital
// letters (as some phones write them), then the same visit again in lower case: one visit,
// answered the same. Another promoter's photo and a leap second are refused in Spanish, and
// the administrator's review lists the visit once.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { demoCampaignOf } from '../support/field.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface SyncResult {
  uuid: string;
  status: 'created' | 'rejected';
  checkInId: number | null;
  syncedAt: string | null;
  validationErrors: { field: string; message: string }[];
}

/** The phone of a demo promoter: its bearer token and the three sync calls. */
async function phoneOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: email, password: 'Promotor#2026', rememberMe: false },
  });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  return {
    async download() {
      const response = await request.get('/api/v1/sync/data', { headers });
      expect(response.status()).toBe(200);
      return (await response.json()).data as {
        campaigns: { id: number; pointOfSaleIds: number[] }[];
      };
    },
    async upload(): Promise<string> {
      const response = await request.post('/api/v1/sync/photos', {
        headers,
        multipart: { photo: { name: 'anaquel.png', mimeType: 'image/png', buffer: PNG_1X1 } },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).data.id;
    },
    send: (visits: unknown[]) =>
      request.post('/api/v1/sync/checkins', { headers, data: { checkIns: visits } }),
    async sync(visits: unknown[]): Promise<SyncResult[]> {
      const response = await this.send(visits);
      expect(response.status()).toBe(200);
      return (await response.json()).data.results;
    },
  };
}

test('a phone syncs a visit with its ids in capitals once; foreign photos and leap seconds are refused', async ({
  request,
}) => {
  const phone = await phoneOf(request, 'promotor@anaquel.mx');
  const data = await phone.download();
  const campaign = demoCampaignOf(data.campaigns);
  expect(campaign, 'a demo campaign to visit').toBeDefined();
  const photo = await phone.upload();
  const start = Date.now() - 10 * 60_000;
  const uuid = randomUUID();
  const visit = {
    uuid: uuid.toUpperCase(),
    campaignId: campaign!.id,
    pointOfSaleId: campaign!.pointOfSaleIds[0],
    unavailable: true,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 5 * 60_000).toISOString(),
    photoIds: [photo.toUpperCase()],
    surveys: [],
  };

  const [first] = await phone.sync([visit]);
  expect(first).toMatchObject({ uuid: visit.uuid, status: 'created', validationErrors: [] });
  const [again] = await phone.sync([{ ...visit, uuid, photoIds: [photo] }]);
  expect(again).toEqual({ ...first, uuid });

  const colleague = await phoneOf(request, 'jorge.ramirez@anaquel.mx');
  const theirs = await colleague.upload();
  const [foreign] = await phone.sync([{ ...visit, uuid: randomUUID(), photoIds: [theirs] }]);
  expect(foreign).toMatchObject({
    status: 'rejected',
    checkInId: null,
    validationErrors: [
      {
        field: 'photoIds[0]',
        message: 'La foto la subió otro usuario; solo quien la sube puede enviarla.',
      },
    ],
  });

  const leap = await phone.send([
    { ...visit, uuid: randomUUID(), endDate: '2026-06-30T23:59:60Z' },
  ]);
  expect(leap.status()).toBe(400);
  expect((await leap.json()).validationErrors).toContainEqual({
    field: 'checkIns[0].endDate',
    message: 'Debe ser una fecha y hora válidas (ISO 8601).',
  });

  // The review lists the visit once, with its photo.
  const staff = await apiAs(request, admin);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(start),
  );
  const page = await staff.get<{ rows: { id: number }[] }>(
    `/checkins?startDate=${day}&endDate=${day}&PageSize=100`,
  );
  expect(page.rows.filter((row) => row.id === first!.checkInId)).toHaveLength(1);
});
