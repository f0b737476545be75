import { describe, expect, it } from 'vitest';
import { visitFixture } from '../testing';
import { toSyncCheckIn } from './to-sync';

const serverIds: Record<string, string> = {
  'photo-front': '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90',
  'photo-shelf': '6a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
};
const photoServerId = (key: string): string => {
  const id = serverIds[key];
  if (!id) throw new Error(`photo ${key} not uploaded`);
  return id;
};

describe('toSyncCheckIn', () => {
  it('sends a finished visit with its positions, photos and surveys', () => {
    const visit = visitFixture({
      checkOutLatitude: 19.4353,
      checkOutLongitude: -99.1413,
      checkOutAccuracy: 8,
      photoKeys: ['photo-front'],
      surveys: [
        {
          surveyId: 5,
          productId: null,
          startDate: '2026-11-26T17:05:00.000Z',
          endDate: '2026-11-26T17:20:00.000Z',
          answers: [
            { questionId: 43, options: [{ optionId: 104 }], photoKeys: ['photo-shelf'] },
            { questionId: 44, isNa: true },
            { questionId: 45, textValue: 'Limpio', photoKeys: [] },
          ],
        },
        {
          surveyId: 6,
          productId: 9,
          startDate: '2026-11-26T17:21:00.000Z',
          endDate: null,
          answers: [{ questionId: 50, intValue: 12 }],
        },
      ],
    });
    expect(toSyncCheckIn(visit, photoServerId)).toEqual({
      uuid: visit.uuid,
      campaignId: 1,
      pointOfSaleId: 12,
      unavailable: false,
      startDate: '2026-11-26T17:00:00.000Z',
      endDate: '2026-11-26T17:40:00.000Z',
      checkInLatitude: 19.4352,
      checkInLongitude: -99.1412,
      checkOutLatitude: 19.4353,
      checkOutLongitude: -99.1413,
      photoIds: [serverIds['photo-front']],
      surveys: [
        {
          surveyId: 5,
          productId: null,
          startDate: '2026-11-26T17:05:00.000Z',
          endDate: '2026-11-26T17:20:00.000Z',
          answers: [
            { questionId: 43, options: [{ optionId: 104 }], photoIds: [serverIds['photo-shelf']] },
            { questionId: 44, isNa: true },
            { questionId: 45, textValue: 'Limpio' },
          ],
        },
        {
          surveyId: 6,
          productId: 9,
          startDate: '2026-11-26T17:21:00.000Z',
          endDate: null,
          answers: [{ questionId: 50, intValue: 12 }],
        },
      ],
    });
  });

  it('sends an unavailable visit with no surveys and no position it does not have', () => {
    const visit = visitFixture({
      unavailable: true,
      checkInLatitude: null,
      checkInLongitude: null,
      checkInAccuracy: null,
    });
    const sent = toSyncCheckIn(visit, photoServerId);
    expect(sent.unavailable).toBe(true);
    expect(sent.surveys).toEqual([]);
    expect(sent.photoIds).toEqual([]);
    expect(sent).not.toHaveProperty('checkInLatitude');
    expect(sent).not.toHaveProperty('checkOutLatitude');
  });

  it('never sends a half position (the sync refuses a latitude without longitude)', () => {
    const sent = toSyncCheckIn(visitFixture({ checkOutLatitude: 19.4 }), photoServerId);
    expect(sent).not.toHaveProperty('checkOutLatitude');
    expect(sent).not.toHaveProperty('checkOutLongitude');
  });
});
