// An in-memory sync server for the outbox's tests: idempotent by uuid as the real one is
// (docs/sync.md §3), with failures to order.
import {
  ApiError,
  CLIENT_ERROR_CODES,
  type SyncCheckIn,
  type SyncCheckInResult,
} from '@anaquel/api';
import type { OutboxApi } from './send';

export class FakeSync implements OutboxApi {
  /** Every photo upload, in order (its blob's text). */
  readonly uploads: string[] = [];
  /** Every batch sent, as the uuids it carried. */
  readonly batches: string[][] = [];
  /** Visits stored, by uuid, with their result. */
  readonly stored = new Map<string, SyncCheckInResult>();
  /** The next calls fail with these, in order (then the calls succeed again). */
  readonly failures: ApiError[] = [];
  /** uuids the server rejects, with the reason. */
  readonly rejects = new Map<string, string>();
  /** Stores the batch but the answer never arrives (a lost answer). */
  loseNextAnswer = false;

  uploadPhoto = async (photo: Blob): Promise<string> => {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.uploads.push(await photo.text());
    return `00000000-0000-4000-8000-${String(this.uploads.length).padStart(12, '0')}`;
  };

  sendCheckIns = async (checkIns: SyncCheckIn[]): Promise<SyncCheckInResult[]> => {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.batches.push(checkIns.map((checkIn) => checkIn.uuid));
    const results = checkIns.map((checkIn) => this.store(checkIn));
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw networkError();
    }
    return results;
  };

  private store(checkIn: SyncCheckIn): SyncCheckInResult {
    const known = this.stored.get(checkIn.uuid);
    if (known) return known;
    const reason = this.rejects.get(checkIn.uuid);
    const result: SyncCheckInResult = reason
      ? {
          uuid: checkIn.uuid,
          status: 'rejected',
          checkInId: null,
          syncedAt: null,
          answerPoints: null,
          errorMessage: 'La visita tiene errores.',
          validationErrors: [{ field: 'campaignId', message: reason }],
        }
      : {
          uuid: checkIn.uuid,
          status: 'created',
          checkInId: 40 + this.stored.size + 1,
          syncedAt: '2026-11-26T18:02:11.000Z',
          answerPoints: 7,
          errorMessage: null,
          validationErrors: [],
        };
    if (!reason) this.stored.set(checkIn.uuid, result);
    return result;
  }
}

export function networkError(): ApiError {
  return new ApiError({
    statusCode: 0,
    errorCode: CLIENT_ERROR_CODES.network,
    errorMessage: 'Sin red',
  });
}

export function httpError(statusCode: number, errorMessage: string): ApiError {
  return new ApiError({ statusCode, errorMessage });
}
