/**
 * A route parameter as a record id: a positive integer, or null. A module of its own, so a screen
 * that reads an id from its URL does not load the relation editor (its form, zod, multi-select).
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
