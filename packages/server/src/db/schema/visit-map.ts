// The visits map's summary (issue #24, docs/geo.md, "Map"): the visits counted per Mexico City
// day, promoter and fine grid cell, so the map's aggregate reads a few thousand rows instead of
// every visit of the date window. Kept by triggers on check_ins (migration 0016, hand-written:
// every path that inserts, updates or deletes visits keeps it, in the same statement; the
// out-of-range visits' position sums since 0018). Re-exported by ./index.ts.
import { doublePrecision, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

export const checkInMapCells = pgTable(
  'check_in_map_cells',
  {
    /** The visit's day in Mexico City (`start_date at time zone 'America/Mexico_City'`). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The promoter (check_ins.user_id); no foreign key: a summary, rebuilt from the visits. */
    userId: integer('user_id').notNull(),
    /**
     * The fine cell, `floor(position / 0.17578125°)` (45/256°: 1/8 of a tile at zoom 8), row and
     * column; -1 000 000 both for the visits without a position.
     */
    cellY: integer('cell_y').notNull(),
    cellX: integer('cell_x').notNull(),
    visits: integer('visits').notNull(),
    /** The visits with a distance known (in range or out of it). */
    known: integer('known').notNull(),
    /** The visits farther than N metres (greatest of the two distances): GEOFENCE_METERS = N. */
    out50: integer('out_50').notNull(),
    out100: integer('out_100').notNull(),
    out150: integer('out_150').notNull(),
    out200: integer('out_200').notNull(),
    out300: integer('out_300').notNull(),
    out500: integer('out_500').notNull(),
    out1000: integer('out_1000').notNull(),
    /** Sums of the drawn positions (float8), for the clusters' centroids. */
    latitudeSum: doublePrecision('latitude_sum').notNull(),
    longitudeSum: doublePrecision('longitude_sum').notNull(),
    /**
     * Sums of the drawn positions of the visits farther than N metres (out_N of them), for the
     * centroids of 'Solo fuera de rango' (migration 0018; 0 for a cell with none).
     */
    outLatitudeSum50: doublePrecision('out_latitude_sum_50').notNull().default(0),
    outLongitudeSum50: doublePrecision('out_longitude_sum_50').notNull().default(0),
    outLatitudeSum100: doublePrecision('out_latitude_sum_100').notNull().default(0),
    outLongitudeSum100: doublePrecision('out_longitude_sum_100').notNull().default(0),
    outLatitudeSum150: doublePrecision('out_latitude_sum_150').notNull().default(0),
    outLongitudeSum150: doublePrecision('out_longitude_sum_150').notNull().default(0),
    outLatitudeSum200: doublePrecision('out_latitude_sum_200').notNull().default(0),
    outLongitudeSum200: doublePrecision('out_longitude_sum_200').notNull().default(0),
    outLatitudeSum300: doublePrecision('out_latitude_sum_300').notNull().default(0),
    outLongitudeSum300: doublePrecision('out_longitude_sum_300').notNull().default(0),
    outLatitudeSum500: doublePrecision('out_latitude_sum_500').notNull().default(0),
    outLongitudeSum500: doublePrecision('out_longitude_sum_500').notNull().default(0),
    outLatitudeSum1000: doublePrecision('out_latitude_sum_1000').notNull().default(0),
    outLongitudeSum1000: doublePrecision('out_longitude_sum_1000').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.cellY, t.cellX] }),
    index('check_in_map_cells_user_id_day_idx').on(t.userId, t.day),
  ],
);
