import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../auth-token';
import { configureApiClient } from '../client';
import { TEST_BASE_URL, createMockFetch, failure, ok, type MockHandler } from '../test/mock-fetch';
import { sendSyncCheckIns, uploadSyncPhoto, type SyncCheckIn } from './sync';

// The field app's outbox calls (docs/sync.md §2, §3): a photo as a multipart file part, a batch
// of visits as JSON, and a refusal as an ApiError with the server's Spanish message.

function serve(handler: MockHandler) {
  setAccessToken(null);
  const mock = createMockFetch(handler);
  configureApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
  return mock;
}

afterEach(() => configureApiClient());

const checkIn: SyncCheckIn = {
  uuid: '5b1f1d1e-8a61-4c0e-9a43-0f6c2b7d9e21',
  campaignId: 1,
  pointOfSaleId: 3,
  unavailable: true,
  startDate: '2026-11-20T17:00:00.000Z',
  surveys: [],
};

describe('the sync calls', () => {
  it('uploads a photo as the multipart part `photo` and answers its id', async () => {
    const mock = serve(() => ok({ id: '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90' }));
    const photo = new File([new Uint8Array([255, 216, 255])], 'foto.jpg', { type: 'image/jpeg' });
    expect(await uploadSyncPhoto(photo)).toBe('3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90');
    const [call] = mock.calls;
    expect(`${call?.method} ${call?.path}`).toBe('POST /sync/photos');
    expect(call?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toContain('name="photo"; filename="foto.jpg"');
  });

  it('sends a batch of visits and answers one result per visit', async () => {
    const result = {
      uuid: checkIn.uuid,
      status: 'created',
      checkInId: 41,
      syncedAt: '2026-11-20T18:02:11.000Z',
      answerPoints: 0,
      errorMessage: null,
      validationErrors: [],
    };
    const mock = serve(() => ok({ results: [result] }));
    expect(await sendSyncCheckIns([checkIn])).toEqual([result]);
    expect(`${mock.calls[0]?.method} ${mock.calls[0]?.path}`).toBe('POST /sync/checkins');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual({ checkIns: [checkIn] });
  });

  it('fails with the status and the server message of a refusal', async () => {
    const message = 'Demasiados intentos. Intenta de nuevo en 2 minuto(s).';
    serve(() => failure(429, 'TOO_MANY_ATTEMPTS', message));
    await expect(sendSyncCheckIns([checkIn])).rejects.toMatchObject({
      statusCode: 429,
      errorMessage: message,
    });
  });
});
