import type { SyncPointOfSale } from '@anaquel/api';
import { emptyCapture, type StoredVisit } from '../store/db';
import { mexicoCityDay } from '../store/visits';
import { distanceMeters, type LatLng } from '../today/distance';
import type { PositionState } from '../use-position';

/** Beyond this many metres from the point of sale a check-in is warned about (issue #22). */
export const FAR_FROM_POINT_M = 200;

/** What the check-in says about where the promoter stands; it warns, it never blocks. */
export type CheckInPlacement =
  | { kind: 'near'; distance: number }
  /** Over 200 m from the point of sale's coordinates. */
  | { kind: 'far'; distance: number }
  /** The position is too vague to tell (its accuracy is worse than 200 m). */
  | { kind: 'imprecise'; distance: number; accuracy: number }
  /** The point of sale has no coordinates: nothing to compare with. */
  | { kind: 'unmapped' }
  /** No position (refused, unavailable, still looking). */
  | { kind: 'unknown' };

export function checkInPlacement(
  place: SyncPointOfSale,
  position: PositionState,
): CheckInPlacement {
  if (position.status !== 'known') return { kind: 'unknown' };
  if (place.latitude === null || place.longitude === null) return { kind: 'unmapped' };
  const distance = distanceMeters(position.position, {
    latitude: place.latitude,
    longitude: place.longitude,
  });
  if (distance > FAR_FROM_POINT_M) return { kind: 'far', distance };
  if (position.accuracy > FAR_FROM_POINT_M) {
    return { kind: 'imprecise', distance, accuracy: position.accuracy };
  }
  return { kind: 'near', distance };
}

/**
 * A new visit of `campaignId` at `pointOfSaleId`, checked in now with its `uuid` for good (the
 * sync's idempotency key). Unavailable, it is finished at once (no surveys: docs/sync.md) and
 * goes straight to the outbox; otherwise it is a draft until its check-out.
 */
export function newVisit(input: {
  campaignId: number;
  pointOfSaleId: number;
  unavailable: boolean;
  position: PositionState;
  now?: Date;
  uuid?: string;
}): StoredVisit {
  const now = input.now ?? new Date();
  const at: (LatLng & { accuracy: number }) | null =
    input.position.status === 'known'
      ? { ...input.position.position, accuracy: input.position.accuracy }
      : null;
  return {
    uuid: input.uuid ?? crypto.randomUUID(),
    campaignId: input.campaignId,
    pointOfSaleId: input.pointOfSaleId,
    day: mexicoCityDay(now),
    state: input.unavailable ? 'pending' : 'draft',
    unavailable: input.unavailable,
    startDate: now.toISOString(),
    endDate: input.unavailable ? now.toISOString() : null,
    checkInLatitude: at?.latitude ?? null,
    checkInLongitude: at?.longitude ?? null,
    checkInAccuracy: at?.accuracy ?? null,
    ...emptyCapture(),
  };
}
