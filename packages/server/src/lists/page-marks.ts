import type { Db } from '../db/client.ts';
import { cachePerOwner } from '../lib/bounded-cache.ts';
import { ANCHOR_TTL_MS, LISTS_KEPT, lastAtOrBefore, type Anchor } from './keyset.ts';

// Pages continue where the last one ended (page marks): with a keyset order, every page read
// remembers the sort key of the row before it and of its last row, so the next page, or the same
// page asked again, seeks there like a keyset cursor instead of walking its offset again (a
// filter whose matches sit far down the sort index walks them once per list, not once per page).
// Same trust rules as the anchors.

/** Page marks kept per list (two per page read); the lowest positions stay when it is full. */
const MARKS_PER_LIST = 256;

interface MarkEntry {
  version: number;
  /** By position, ascending, no two alike. */
  marks: Anchor[];
}

/** By database, then list (table, filter, order). */
const marksOf = cachePerOwner<Db, string, MarkEntry>({
  maxEntries: LISTS_KEPT,
  ttlMs: ANCHOR_TTL_MS,
});

/** The marks of a list, empty when it had none or they are no longer trusted. */
export function pageMarksOf(db: Db, listKey: string, version: number, now: number): Anchor[] {
  const lists = marksOf(db);
  const cached = lists.get(listKey, now);
  if (cached && cached.version === version) return cached.marks;
  const entry: MarkEntry = { version, marks: [] };
  lists.set(listKey, entry, now);
  return entry.marks;
}

/** The mark at or before `position` (none at 0: the first page needs no seek). */
export function markBefore(marks: Anchor[], position: number): Anchor | undefined {
  return position > 0 ? marks[lastAtOrBefore(marks, position)] : undefined;
}

/** Adds (or replaces) the mark at `mark.position` in `marks`. */
export function rememberMark(marks: Anchor[], mark: Anchor): void {
  const at = lastAtOrBefore(marks, mark.position);
  if (at >= 0 && marks[at]!.position === mark.position) {
    marks[at] = mark;
    return;
  }
  marks.splice(at + 1, 0, mark);
  if (marks.length > MARKS_PER_LIST) marks.pop();
}
