import type { SyncData, SyncPointOfSale } from '@anaquel/api';
import { visitKey } from '../store/visits';
import type { StoredVisit } from '../store/db';
import { distanceMeters, type LatLng } from './distance';

/** A campaign to work at a point of sale today, and this device's visit of it, if any. */
export interface PlaceCampaign {
  campaignId: number;
  name: string;
  visit: StoredVisit | null;
}

/** A row of today's list: a point of sale, its campaigns of today and how far it is. */
export interface TodayPlace {
  pointOfSale: SyncPointOfSale;
  campaigns: PlaceCampaign[];
  /** Metres from where the promoter stands; null without a position or coordinates. */
  distance: number | null;
}

/**
 * Today's points of sale from the download, each with the campaigns that include it (a point of
 * sale is one row however many campaigns run there: the promoter walks to a shop, then chooses).
 */
export function todayPlaces(
  data: SyncData,
  visits: ReadonlyMap<string, StoredVisit>,
  position: LatLng | null,
): TodayPlace[] {
  const byId = new Map(data.pointsOfSale.map((place) => [place.id, place]));
  const rows = new Map<number, TodayPlace>();
  for (const campaign of data.campaigns) {
    for (const pointOfSaleId of campaign.pointOfSaleIds) {
      const pointOfSale = byId.get(pointOfSaleId);
      if (!pointOfSale) continue;
      let row = rows.get(pointOfSaleId);
      if (!row) {
        row = { pointOfSale, campaigns: [], distance: distanceTo(pointOfSale, position) };
        rows.set(pointOfSaleId, row);
      }
      row.campaigns.push({
        campaignId: campaign.id,
        name: campaign.name,
        visit: visits.get(visitKey(campaign.id, pointOfSaleId)) ?? null,
      });
    }
  }
  return [...rows.values()];
}

function distanceTo(place: SyncPointOfSale, position: LatLng | null): number | null {
  if (!position || place.latitude === null || place.longitude === null) return null;
  return distanceMeters(position, { latitude: place.latitude, longitude: place.longitude });
}

/** Lower case without accents, so 'jose' finds 'José' and 'pv-d' finds 'PV-D001'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The places whose name or code contains every word of `query` (any case, any accents). */
export function searchPlaces(places: readonly TodayPlace[], query: string): TodayPlace[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...places];
  return places.filter(({ pointOfSale }) => {
    const text = folded(`${pointOfSale.name} ${pointOfSale.code}`);
    return words.every((word) => text.includes(word));
  });
}

const byName = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

/** Nearest first when distances are known (places without coordinates last), then by name. */
export function sortPlaces(places: readonly TodayPlace[]): TodayPlace[] {
  return [...places].sort((a, b) => {
    if (a.distance !== b.distance) {
      if (a.distance === null) return 1;
      if (b.distance === null) return -1;
      return a.distance - b.distance;
    }
    return byName.compare(a.pointOfSale.name, b.pointOfSale.name);
  });
}

/** Whether any campaign of the place has a visit on this device today (not only started). */
export function isVisited(place: TodayPlace): boolean {
  return place.campaigns.some(({ visit }) => visit !== null && visit.state !== 'draft');
}

/** The address as a promoter reads it on a sign: street and number, neighbourhood, town. */
export function addressOf(place: SyncPointOfSale): string {
  const number = place.internalNumber
    ? `${place.externalNumber} int. ${place.internalNumber}`
    : place.externalNumber;
  return [`${place.street} ${number}`, place.settlement, place.municipality, place.stateName]
    .filter(Boolean)
    .join(', ');
}
