// The photo gallery (issue #24, docs/gallery.md): every photo of the filtered visits, the visit's
// own photos and its answers' photos, newest visit first, read by keyset. One query walks the
// visits on their (start_date, id) index backwards and, per visit, joins its photos laterally
// (each through a primary key or a unique key led by the visit), so a page reads the visits it
// shows and a few more, whatever the window. The ZIP (photo-zip.ts) reads the same rows in
// batches.
import type { components } from '@anaquel/api/schema';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { nameStatement } from '../db/pglite-named.ts';
import { badRequest, fieldError } from '../http/errors.ts';
import { rowsOf } from '../surveys/tree.ts';
import { QuestionType } from '../surveys/types.ts';
import { addDays, startOfMexicoCityDay } from './dates.ts';

type CheckInPhoto = components['schemas']['CheckInPhoto'];
type CheckInPhotoPage = components['schemas']['CheckInPhotoPage'];
type CheckInPhotoCount = components['schemas']['CheckInPhotoCount'];

/** The filters of the gallery and the ZIP (the list's, plus campaign, point of sale, survey, question). */
export interface PhotoFilter {
  promoterId?: number;
  startDate?: string;
  endDate?: string;
  outOfRange?: boolean;
  campaignId?: number;
  pointOfSaleId?: number;
  surveyId?: number;
  questionId?: number;
  /** GEOFENCE_METERS (env.ts). */
  geofenceMeters: number;
  /** Only visits stored up to this instant (the ZIP reads its rows twice: the same both times). */
  syncedUpTo?: Date;
}

/**
 * The position of a photo in the order: the visit's start (text, microseconds, UTC), the visit,
 * then within the visit: kind (1 visit photo, 0 answer photo), minus the answer id, minus the
 * photo's order. Every part descends, so a visit shows its own photos first, in the order taken,
 * then its answers' photos in answer order.
 */
export type PhotoKey = [
  start: string,
  checkInId: number,
  kind: number,
  answer: number,
  order: number,
];

/** A photo as read: the contract's fields, its file and its key. */
export interface PhotoRow extends CheckInPhoto {
  mime: string;
  size: number;
  storageKey: string;
  key: PhotoKey;
}

const INVALID_CURSOR = 'El cursor no es válido.';

function encodeCursor(key: PhotoKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor this module gave, or a 400 on `cursor`. */
function decodeCursor(cursor: string): PhotoKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('cursor', INVALID_CURSOR);
  }
  const valid =
    Array.isArray(key) &&
    key.length === 5 &&
    typeof key[0] === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key[0]) &&
    !Number.isNaN(Date.parse(key[0])) &&
    key.slice(1).every((n) => Number.isSafeInteger(n)) &&
    (key[2] === 0 || key[2] === 1);
  if (!valid) throw fieldError('cursor', INVALID_CURSOR);
  return key as PhotoKey;
}

export function checkDates(filter: Pick<PhotoFilter, 'startDate' | 'endDate'>): void {
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
}

/** The conditions on the visit (alias ci). */
function visitConditions(filter: PhotoFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.promoterId !== undefined) where.push(sql`ci.user_id = ${filter.promoterId}`);
  if (filter.campaignId !== undefined) where.push(sql`ci.campaign_id = ${filter.campaignId}`);
  if (filter.pointOfSaleId !== undefined) {
    where.push(sql`ci.point_of_sale_id = ${filter.pointOfSaleId}`);
  }
  if (filter.startDate) {
    where.push(sql`ci.start_date >= ${startOfMexicoCityDay(filter.startDate).toISOString()}`);
  }
  if (filter.endDate) {
    const end = startOfMexicoCityDay(addDays(filter.endDate, 1)).toISOString();
    where.push(sql`ci.start_date < ${end}`);
  }
  if (filter.outOfRange) {
    const limit = sql.raw(String(Math.trunc(filter.geofenceMeters)));
    where.push(sql`(ci.check_in_distance > ${limit} or ci.check_out_distance > ${limit})`);
  }
  if (filter.syncedUpTo) where.push(sql`ci.synced_at <= ${filter.syncedUpTo.toISOString()}`);
  return where;
}

/** A visit's photos (alias p): its own (unless a survey or question is asked) and its answers'. */
function photosOfVisit(filter: PhotoFilter): SQL {
  const answerWhere: SQL[] = [sql`cs.check_in_id = ci.id`];
  if (filter.surveyId !== undefined) answerWhere.push(sql`cs.survey_id = ${filter.surveyId}`);
  if (filter.questionId !== undefined) answerWhere.push(sql`a.question_id = ${filter.questionId}`);
  const answerPhotos = sql`select ap.file_id, 0 as k, -a.id as a, -ap."order" as o,
      cs.start_date as taken_at, cs.id as check_in_survey_id, cs.survey_id, cs.product_id,
      a.question_id, a.id as answer_id
    from check_in_surveys cs
    join answers a on a.check_in_survey_id = cs.id
    join answer_photos ap on ap.answer_id = a.id
    where ${sql.join(answerWhere, sql` and `)}`;
  if (filter.surveyId !== undefined || filter.questionId !== undefined) return answerPhotos;
  return sql`select cp.file_id, 1 as k, 0::bigint as a, -cp."order" as o,
      ci.start_date as taken_at, null::int as check_in_survey_id, null::int as survey_id,
      null::int as product_id, null::int as question_id, null::bigint as answer_id
    from check_in_photos cp where cp.check_in_id = ci.id
    union all ${answerPhotos}`;
}

/** An answer as text: 'N/A', its value, or its chosen options ('Otro: ...' with what was written). */
const answerText = sql`case when an.id is null then null when an.is_na then 'N/A' else coalesce(
    an.text_value, an.int_value::text, an.decimal_value::text, an.date_value::text,
    (select string_agg(case when mo.is_other then 'Otro: ' || coalesce(ao.other_text, '')
        when qn.type = ${sql.raw(String(QuestionType.Ranking))} then ao.value || '. ' || mo.description
        else mo.description end, ', '
        order by case when qn.type = ${sql.raw(String(QuestionType.Ranking))}
          then coalesce(ao.value, 0) else 0 end, mo."order", mo.id)
      from answer_options ao join multiple_options mo on mo.id = ao.option_id
      where ao.answer_id = an.id)) end`;

const utcText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows of the filter after `after` (from the newest without it), at most `limit`. */
function photoQuery(filter: PhotoFilter, after: PhotoKey | null, limit: number): SQL {
  const where = visitConditions(filter);
  if (after) {
    const [start, id, k, a, o] = after;
    where.push(sql`(ci.start_date, ci.id) <= (${start}::timestamptz, ${id})`);
    where.push(
      sql`(ci.start_date, ci.id, p.k, p.a, p.o) < (${start}::timestamptz, ${id}, ${k}, ${a}::bigint, ${o})`,
    );
  }
  return sql`select p.file_id as id, f.mime, f.size, f.storage_key as "storageKey",
      ci.id as "checkInId", ${utcText(sql`p.taken_at`)} as "takenAt",
      ci.user_id as "userId", u.name || ' ' || u.last_name as "user",
      ci.point_of_sale_id as "pointOfSaleId", pos.name as "pointOfSale",
      pos.code as "pointOfSaleCode", ci.campaign_id as "campaignId", c.name as campaign,
      p.check_in_survey_id as "checkInSurveyId", p.survey_id as "surveyId", s.name as survey,
      pr.name as product, p.question_id as "questionId", qn.description as question,
      ${answerText} as answer,
      ci.check_in_latitude::float8 as latitude, ci.check_in_longitude::float8 as longitude,
      ${utcText(sql`ci.start_date`)} as "keyStart", p.k::int as "keyKind",
      p.a::text as "keyAnswer", p.o::int as "keyOrder"
    from check_ins ci
    cross join lateral (${photosOfVisit(filter)}) p
    join users u on u.id = ci.user_id
    join points_of_sale pos on pos.id = ci.point_of_sale_id
    join campaigns c on c.id = ci.campaign_id
    join files f on f.id = p.file_id
    left join surveys s on s.id = p.survey_id
    left join products pr on pr.id = p.product_id
    left join answers an on an.id = p.answer_id
    left join questions qn on qn.id = p.question_id
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ci.start_date desc, ci.id desc, p.k desc, p.a desc, p.o desc
    limit ${limit}`;
}

type RawRow = Omit<PhotoRow, 'key' | 'url' | 'thumbnailUrl'> & {
  keyStart: string;
  keyKind: number;
  keyAnswer: string;
  keyOrder: number;
};

const dialect = new PgDialect();

/**
 * `query` registered as a named statement (db/pglite-named.ts, db/pg-named.ts): the page's
 * statement joins a dozen tables, and planning it again for every page cost several times its
 * execution. Its text depends only on which filters are set (the values are parameters), so a
 * handful of names cover every filter.
 */
function named(query: SQL): SQL {
  const text = dialect.sqlToQuery(query).sql;
  nameStatement(text, `photos_${createHash('sha1').update(text).digest('base64url')}`);
  return query;
}

/** Up to `limit` photos of the filter after `after`, in the gallery's order. */
export async function readPhotos(
  db: Db,
  filter: PhotoFilter,
  after: PhotoKey | null,
  limit: number,
): Promise<PhotoRow[]> {
  const result = await db.execute(named(photoQuery(filter, after, limit)));
  return rowsOf<RawRow>(result).map(({ keyStart, keyKind, keyAnswer, keyOrder, ...row }) => ({
    ...row,
    size: Number(row.size),
    url: `files/${row.id}`,
    thumbnailUrl: `files/${row.id}?size=thumb`,
    key: [keyStart, Number(row.checkInId), Number(keyKind), Number(keyAnswer), Number(keyOrder)],
  }));
}

/** The count is exact up to this many photos (docs/gallery.md). */
const PHOTO_COUNT_CAP = 1000;

/**
 * `GET checkins/photos/count`: the number of photos of the filter, exact up to PHOTO_COUNT_CAP,
 * then PHOTO_COUNT_CAP with the flag. Its own operation, so that the pages cost the same on
 * every page and a client asks for it once per filter. Named like the page (its text depends
 * only on which filters are set).
 */
export async function countPhotos(db: Db, filter: PhotoFilter): Promise<CheckInPhotoCount> {
  checkDates(filter);
  const where = visitConditions(filter);
  const result = await db.execute(
    named(sql`select count(*)::int as n from (select 1 from check_ins ci
    cross join lateral (${photosOfVisit(filter)}) p
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    limit ${PHOTO_COUNT_CAP + 1}) counted`),
  );
  const counted = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  const capped = counted > PHOTO_COUNT_CAP;
  return { totalCount: capped ? PHOTO_COUNT_CAP : counted, totalCountIsCapped: capped };
}

/** One page of the gallery: the photos after the cursor and the next cursor (nothing counted). */
export async function listPhotos(
  db: Db,
  filter: PhotoFilter,
  cursor: string | undefined,
  pageSize: number,
): Promise<CheckInPhotoPage> {
  checkDates(filter);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await readPhotos(db, filter, after, pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(({ mime: _m, size: _s, storageKey: _k, key: _key, ...photo }) => photo),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.key) : null,
  };
}
