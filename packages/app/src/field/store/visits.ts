import type { FieldDb, StoredVisit } from './db';

/** The Mexico City day of an instant (YYYY-MM-DD), the day the sync judges a visit by. */
export function mexicoCityDay(instant: Date): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Keeps a visit (a new one, or its new state). */
export async function saveVisit(db: FieldDb, visit: StoredVisit): Promise<void> {
  await db.put('visits', visit);
}

/** The visits this device started on `day`, by campaign and point of sale ('campaignId:pointOfSaleId'). */
export async function visitsOfDay(db: FieldDb, day: string): Promise<Map<string, StoredVisit>> {
  const visits = await db.getAllFromIndex('visits', 'by-day', day);
  return new Map(visits.map((visit) => [visitKey(visit.campaignId, visit.pointOfSaleId), visit]));
}

/** The key `visitsOfDay` files a visit under. */
export function visitKey(campaignId: number, pointOfSaleId: number): string {
  return `${campaignId}:${pointOfSaleId}`;
}
