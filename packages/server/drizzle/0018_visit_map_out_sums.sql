ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_50" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_50" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_100" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_100" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_150" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_150" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_200" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_200" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_300" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_300" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_500" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_500" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_latitude_sum_1000" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_map_cells" ADD COLUMN "out_longitude_sum_1000" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (issue #24, docs/geo.md, "Map"): the sums of the drawn positions of the
-- visits farther than each geofence the summary counts (out_N), so 'Solo fuera de rango' is
-- answered from the summary too (centroid = out_latitude_sum_N / out_N). The trigger function of
-- 0016 is replaced with the same statements keeping the new sums (the triggers call it by name
-- and stay as they are); an out-of-range visit without a position adds to out_N and nothing to
-- the sums, as the visits' average ignores it.
CREATE OR REPLACE FUNCTION "check_in_map_cells_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum", "out_latitude_sum_50", "out_longitude_sum_50", "out_latitude_sum_100", "out_longitude_sum_100", "out_latitude_sum_150", "out_longitude_sum_150", "out_latitude_sum_200", "out_longitude_sum_200", "out_latitude_sum_300", "out_longitude_sum_300", "out_latitude_sum_500", "out_longitude_sum_500", "out_latitude_sum_1000", "out_longitude_sum_1000")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0),
      coalesce(sum("sign" * "out_50" * "lat"), 0), coalesce(sum("sign" * "out_50" * "lng"), 0),
      coalesce(sum("sign" * "out_100" * "lat"), 0), coalesce(sum("sign" * "out_100" * "lng"), 0),
      coalesce(sum("sign" * "out_150" * "lat"), 0), coalesce(sum("sign" * "out_150" * "lng"), 0),
      coalesce(sum("sign" * "out_200" * "lat"), 0), coalesce(sum("sign" * "out_200" * "lng"), 0),
      coalesce(sum("sign" * "out_300" * "lat"), 0), coalesce(sum("sign" * "out_300" * "lng"), 0),
      coalesce(sum("sign" * "out_500" * "lat"), 0), coalesce(sum("sign" * "out_500" * "lng"), 0),
      coalesce(sum("sign" * "out_1000" * "lat"), 0), coalesce(sum("sign" * "out_1000" * "lng"), 0)
    FROM (
      SELECT "sign", "day", "user_id", "lat", "lng",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lat" / 0.17578125::float8)::integer END AS "cell_y",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lng" / 0.17578125::float8)::integer END AS "cell_x",
        ("distance" IS NOT NULL)::integer AS "known",
        coalesce("distance" > 50, false)::integer AS "out_50",
        coalesce("distance" > 100, false)::integer AS "out_100",
        coalesce("distance" > 150, false)::integer AS "out_150",
        coalesce("distance" > 200, false)::integer AS "out_200",
        coalesce("distance" > 300, false)::integer AS "out_300",
        coalesce("distance" > 500, false)::integer AS "out_500",
        coalesce("distance" > 1000, false)::integer AS "out_1000"
      FROM (
        SELECT "r"."sign", "r"."user_id",
          ("r"."start_date" AT TIME ZONE 'America/Mexico_City')::date AS "day",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_latitude" ELSE "r"."check_out_latitude" END)::float8 AS "lat",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_longitude" ELSE "r"."check_out_longitude" END)::float8 AS "lng",
          greatest("r"."check_in_distance", "r"."check_out_distance") AS "distance"
        FROM (SELECT 1 AS "sign", * FROM "new_rows") AS "r"
      ) AS "p"
    ) AS "v"
    GROUP BY "day", "user_id", "cell_y", "cell_x"
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0 OR sum("sign" * "out_1000") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_50" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_50" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_100" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_100" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_150" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_150" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_200" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_200" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_300" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_300" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_500" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_500" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_1000" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_1000" * "lng"), 0) <> 0
    ORDER BY "day", "user_id", "cell_y", "cell_x"
    ON CONFLICT ("day", "user_id", "cell_y", "cell_x") DO UPDATE SET
      "visits" = "s"."visits" + excluded."visits",
      "known" = "s"."known" + excluded."known",
      "out_50" = "s"."out_50" + excluded."out_50",
      "out_100" = "s"."out_100" + excluded."out_100",
      "out_150" = "s"."out_150" + excluded."out_150",
      "out_200" = "s"."out_200" + excluded."out_200",
      "out_300" = "s"."out_300" + excluded."out_300",
      "out_500" = "s"."out_500" + excluded."out_500",
      "out_1000" = "s"."out_1000" + excluded."out_1000",
      "latitude_sum" = "s"."latitude_sum" + excluded."latitude_sum",
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum",
      "out_latitude_sum_50" = "s"."out_latitude_sum_50" + excluded."out_latitude_sum_50",
      "out_longitude_sum_50" = "s"."out_longitude_sum_50" + excluded."out_longitude_sum_50",
      "out_latitude_sum_100" = "s"."out_latitude_sum_100" + excluded."out_latitude_sum_100",
      "out_longitude_sum_100" = "s"."out_longitude_sum_100" + excluded."out_longitude_sum_100",
      "out_latitude_sum_150" = "s"."out_latitude_sum_150" + excluded."out_latitude_sum_150",
      "out_longitude_sum_150" = "s"."out_longitude_sum_150" + excluded."out_longitude_sum_150",
      "out_latitude_sum_200" = "s"."out_latitude_sum_200" + excluded."out_latitude_sum_200",
      "out_longitude_sum_200" = "s"."out_longitude_sum_200" + excluded."out_longitude_sum_200",
      "out_latitude_sum_300" = "s"."out_latitude_sum_300" + excluded."out_latitude_sum_300",
      "out_longitude_sum_300" = "s"."out_longitude_sum_300" + excluded."out_longitude_sum_300",
      "out_latitude_sum_500" = "s"."out_latitude_sum_500" + excluded."out_latitude_sum_500",
      "out_longitude_sum_500" = "s"."out_longitude_sum_500" + excluded."out_longitude_sum_500",
      "out_latitude_sum_1000" = "s"."out_latitude_sum_1000" + excluded."out_latitude_sum_1000",
      "out_longitude_sum_1000" = "s"."out_longitude_sum_1000" + excluded."out_longitude_sum_1000";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum", "out_latitude_sum_50", "out_longitude_sum_50", "out_latitude_sum_100", "out_longitude_sum_100", "out_latitude_sum_150", "out_longitude_sum_150", "out_latitude_sum_200", "out_longitude_sum_200", "out_latitude_sum_300", "out_longitude_sum_300", "out_latitude_sum_500", "out_longitude_sum_500", "out_latitude_sum_1000", "out_longitude_sum_1000")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0),
      coalesce(sum("sign" * "out_50" * "lat"), 0), coalesce(sum("sign" * "out_50" * "lng"), 0),
      coalesce(sum("sign" * "out_100" * "lat"), 0), coalesce(sum("sign" * "out_100" * "lng"), 0),
      coalesce(sum("sign" * "out_150" * "lat"), 0), coalesce(sum("sign" * "out_150" * "lng"), 0),
      coalesce(sum("sign" * "out_200" * "lat"), 0), coalesce(sum("sign" * "out_200" * "lng"), 0),
      coalesce(sum("sign" * "out_300" * "lat"), 0), coalesce(sum("sign" * "out_300" * "lng"), 0),
      coalesce(sum("sign" * "out_500" * "lat"), 0), coalesce(sum("sign" * "out_500" * "lng"), 0),
      coalesce(sum("sign" * "out_1000" * "lat"), 0), coalesce(sum("sign" * "out_1000" * "lng"), 0)
    FROM (
      SELECT "sign", "day", "user_id", "lat", "lng",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lat" / 0.17578125::float8)::integer END AS "cell_y",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lng" / 0.17578125::float8)::integer END AS "cell_x",
        ("distance" IS NOT NULL)::integer AS "known",
        coalesce("distance" > 50, false)::integer AS "out_50",
        coalesce("distance" > 100, false)::integer AS "out_100",
        coalesce("distance" > 150, false)::integer AS "out_150",
        coalesce("distance" > 200, false)::integer AS "out_200",
        coalesce("distance" > 300, false)::integer AS "out_300",
        coalesce("distance" > 500, false)::integer AS "out_500",
        coalesce("distance" > 1000, false)::integer AS "out_1000"
      FROM (
        SELECT "r"."sign", "r"."user_id",
          ("r"."start_date" AT TIME ZONE 'America/Mexico_City')::date AS "day",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_latitude" ELSE "r"."check_out_latitude" END)::float8 AS "lat",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_longitude" ELSE "r"."check_out_longitude" END)::float8 AS "lng",
          greatest("r"."check_in_distance", "r"."check_out_distance") AS "distance"
        FROM (SELECT -1 AS "sign", * FROM "old_rows") AS "r"
      ) AS "p"
    ) AS "v"
    GROUP BY "day", "user_id", "cell_y", "cell_x"
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0 OR sum("sign" * "out_1000") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_50" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_50" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_100" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_100" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_150" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_150" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_200" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_200" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_300" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_300" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_500" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_500" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_1000" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_1000" * "lng"), 0) <> 0
    ORDER BY "day", "user_id", "cell_y", "cell_x"
    ON CONFLICT ("day", "user_id", "cell_y", "cell_x") DO UPDATE SET
      "visits" = "s"."visits" + excluded."visits",
      "known" = "s"."known" + excluded."known",
      "out_50" = "s"."out_50" + excluded."out_50",
      "out_100" = "s"."out_100" + excluded."out_100",
      "out_150" = "s"."out_150" + excluded."out_150",
      "out_200" = "s"."out_200" + excluded."out_200",
      "out_300" = "s"."out_300" + excluded."out_300",
      "out_500" = "s"."out_500" + excluded."out_500",
      "out_1000" = "s"."out_1000" + excluded."out_1000",
      "latitude_sum" = "s"."latitude_sum" + excluded."latitude_sum",
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum",
      "out_latitude_sum_50" = "s"."out_latitude_sum_50" + excluded."out_latitude_sum_50",
      "out_longitude_sum_50" = "s"."out_longitude_sum_50" + excluded."out_longitude_sum_50",
      "out_latitude_sum_100" = "s"."out_latitude_sum_100" + excluded."out_latitude_sum_100",
      "out_longitude_sum_100" = "s"."out_longitude_sum_100" + excluded."out_longitude_sum_100",
      "out_latitude_sum_150" = "s"."out_latitude_sum_150" + excluded."out_latitude_sum_150",
      "out_longitude_sum_150" = "s"."out_longitude_sum_150" + excluded."out_longitude_sum_150",
      "out_latitude_sum_200" = "s"."out_latitude_sum_200" + excluded."out_latitude_sum_200",
      "out_longitude_sum_200" = "s"."out_longitude_sum_200" + excluded."out_longitude_sum_200",
      "out_latitude_sum_300" = "s"."out_latitude_sum_300" + excluded."out_latitude_sum_300",
      "out_longitude_sum_300" = "s"."out_longitude_sum_300" + excluded."out_longitude_sum_300",
      "out_latitude_sum_500" = "s"."out_latitude_sum_500" + excluded."out_latitude_sum_500",
      "out_longitude_sum_500" = "s"."out_longitude_sum_500" + excluded."out_longitude_sum_500",
      "out_latitude_sum_1000" = "s"."out_latitude_sum_1000" + excluded."out_latitude_sum_1000",
      "out_longitude_sum_1000" = "s"."out_longitude_sum_1000" + excluded."out_longitude_sum_1000";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum", "out_latitude_sum_50", "out_longitude_sum_50", "out_latitude_sum_100", "out_longitude_sum_100", "out_latitude_sum_150", "out_longitude_sum_150", "out_latitude_sum_200", "out_longitude_sum_200", "out_latitude_sum_300", "out_longitude_sum_300", "out_latitude_sum_500", "out_longitude_sum_500", "out_latitude_sum_1000", "out_longitude_sum_1000")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0),
      coalesce(sum("sign" * "out_50" * "lat"), 0), coalesce(sum("sign" * "out_50" * "lng"), 0),
      coalesce(sum("sign" * "out_100" * "lat"), 0), coalesce(sum("sign" * "out_100" * "lng"), 0),
      coalesce(sum("sign" * "out_150" * "lat"), 0), coalesce(sum("sign" * "out_150" * "lng"), 0),
      coalesce(sum("sign" * "out_200" * "lat"), 0), coalesce(sum("sign" * "out_200" * "lng"), 0),
      coalesce(sum("sign" * "out_300" * "lat"), 0), coalesce(sum("sign" * "out_300" * "lng"), 0),
      coalesce(sum("sign" * "out_500" * "lat"), 0), coalesce(sum("sign" * "out_500" * "lng"), 0),
      coalesce(sum("sign" * "out_1000" * "lat"), 0), coalesce(sum("sign" * "out_1000" * "lng"), 0)
    FROM (
      SELECT "sign", "day", "user_id", "lat", "lng",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lat" / 0.17578125::float8)::integer END AS "cell_y",
        CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lng" / 0.17578125::float8)::integer END AS "cell_x",
        ("distance" IS NOT NULL)::integer AS "known",
        coalesce("distance" > 50, false)::integer AS "out_50",
        coalesce("distance" > 100, false)::integer AS "out_100",
        coalesce("distance" > 150, false)::integer AS "out_150",
        coalesce("distance" > 200, false)::integer AS "out_200",
        coalesce("distance" > 300, false)::integer AS "out_300",
        coalesce("distance" > 500, false)::integer AS "out_500",
        coalesce("distance" > 1000, false)::integer AS "out_1000"
      FROM (
        SELECT "r"."sign", "r"."user_id",
          ("r"."start_date" AT TIME ZONE 'America/Mexico_City')::date AS "day",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_latitude" ELSE "r"."check_out_latitude" END)::float8 AS "lat",
          (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
            THEN "r"."check_in_longitude" ELSE "r"."check_out_longitude" END)::float8 AS "lng",
          greatest("r"."check_in_distance", "r"."check_out_distance") AS "distance"
        FROM (SELECT -1 AS "sign", * FROM "old_rows" UNION ALL SELECT 1 AS "sign", * FROM "new_rows") AS "r"
      ) AS "p"
    ) AS "v"
    GROUP BY "day", "user_id", "cell_y", "cell_x"
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0 OR sum("sign" * "out_1000") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_50" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_50" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_100" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_100" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_150" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_150" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_200" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_200" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_300" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_300" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_500" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_500" * "lng"), 0) <> 0
      OR coalesce(sum("sign" * "out_1000" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_1000" * "lng"), 0) <> 0
    ORDER BY "day", "user_id", "cell_y", "cell_x"
    ON CONFLICT ("day", "user_id", "cell_y", "cell_x") DO UPDATE SET
      "visits" = "s"."visits" + excluded."visits",
      "known" = "s"."known" + excluded."known",
      "out_50" = "s"."out_50" + excluded."out_50",
      "out_100" = "s"."out_100" + excluded."out_100",
      "out_150" = "s"."out_150" + excluded."out_150",
      "out_200" = "s"."out_200" + excluded."out_200",
      "out_300" = "s"."out_300" + excluded."out_300",
      "out_500" = "s"."out_500" + excluded."out_500",
      "out_1000" = "s"."out_1000" + excluded."out_1000",
      "latitude_sum" = "s"."latitude_sum" + excluded."latitude_sum",
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum",
      "out_latitude_sum_50" = "s"."out_latitude_sum_50" + excluded."out_latitude_sum_50",
      "out_longitude_sum_50" = "s"."out_longitude_sum_50" + excluded."out_longitude_sum_50",
      "out_latitude_sum_100" = "s"."out_latitude_sum_100" + excluded."out_latitude_sum_100",
      "out_longitude_sum_100" = "s"."out_longitude_sum_100" + excluded."out_longitude_sum_100",
      "out_latitude_sum_150" = "s"."out_latitude_sum_150" + excluded."out_latitude_sum_150",
      "out_longitude_sum_150" = "s"."out_longitude_sum_150" + excluded."out_longitude_sum_150",
      "out_latitude_sum_200" = "s"."out_latitude_sum_200" + excluded."out_latitude_sum_200",
      "out_longitude_sum_200" = "s"."out_longitude_sum_200" + excluded."out_longitude_sum_200",
      "out_latitude_sum_300" = "s"."out_latitude_sum_300" + excluded."out_latitude_sum_300",
      "out_longitude_sum_300" = "s"."out_longitude_sum_300" + excluded."out_longitude_sum_300",
      "out_latitude_sum_500" = "s"."out_latitude_sum_500" + excluded."out_latitude_sum_500",
      "out_longitude_sum_500" = "s"."out_longitude_sum_500" + excluded."out_longitude_sum_500",
      "out_latitude_sum_1000" = "s"."out_latitude_sum_1000" + excluded."out_latitude_sum_1000",
      "out_longitude_sum_1000" = "s"."out_longitude_sum_1000" + excluded."out_longitude_sum_1000";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "check_in_map_cells";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The summary rebuilt from the stored visits with the same statement (the sums of the visits
-- out of range for the rows 0016 made; also the centroids' float8 sums afresh, and no rows left
-- at zero visits).
DELETE FROM "check_in_map_cells";--> statement-breakpoint
INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum", "out_latitude_sum_50", "out_longitude_sum_50", "out_latitude_sum_100", "out_longitude_sum_100", "out_latitude_sum_150", "out_longitude_sum_150", "out_latitude_sum_200", "out_longitude_sum_200", "out_latitude_sum_300", "out_longitude_sum_300", "out_latitude_sum_500", "out_longitude_sum_500", "out_latitude_sum_1000", "out_longitude_sum_1000")
SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
  sum("sign" * "out_50")::integer,
  sum("sign" * "out_100")::integer,
  sum("sign" * "out_150")::integer,
  sum("sign" * "out_200")::integer,
  sum("sign" * "out_300")::integer,
  sum("sign" * "out_500")::integer,
  sum("sign" * "out_1000")::integer,
  coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0),
  coalesce(sum("sign" * "out_50" * "lat"), 0), coalesce(sum("sign" * "out_50" * "lng"), 0),
  coalesce(sum("sign" * "out_100" * "lat"), 0), coalesce(sum("sign" * "out_100" * "lng"), 0),
  coalesce(sum("sign" * "out_150" * "lat"), 0), coalesce(sum("sign" * "out_150" * "lng"), 0),
  coalesce(sum("sign" * "out_200" * "lat"), 0), coalesce(sum("sign" * "out_200" * "lng"), 0),
  coalesce(sum("sign" * "out_300" * "lat"), 0), coalesce(sum("sign" * "out_300" * "lng"), 0),
  coalesce(sum("sign" * "out_500" * "lat"), 0), coalesce(sum("sign" * "out_500" * "lng"), 0),
  coalesce(sum("sign" * "out_1000" * "lat"), 0), coalesce(sum("sign" * "out_1000" * "lng"), 0)
FROM (
  SELECT "sign", "day", "user_id", "lat", "lng",
    CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lat" / 0.17578125::float8)::integer END AS "cell_y",
    CASE WHEN "lat" IS NULL OR "lng" IS NULL THEN -1000000 ELSE floor("lng" / 0.17578125::float8)::integer END AS "cell_x",
    ("distance" IS NOT NULL)::integer AS "known",
    coalesce("distance" > 50, false)::integer AS "out_50",
    coalesce("distance" > 100, false)::integer AS "out_100",
    coalesce("distance" > 150, false)::integer AS "out_150",
    coalesce("distance" > 200, false)::integer AS "out_200",
    coalesce("distance" > 300, false)::integer AS "out_300",
    coalesce("distance" > 500, false)::integer AS "out_500",
    coalesce("distance" > 1000, false)::integer AS "out_1000"
  FROM (
    SELECT "r"."sign", "r"."user_id",
      ("r"."start_date" AT TIME ZONE 'America/Mexico_City')::date AS "day",
      (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
        THEN "r"."check_in_latitude" ELSE "r"."check_out_latitude" END)::float8 AS "lat",
      (CASE WHEN "r"."check_in_latitude" IS NOT NULL AND "r"."check_in_longitude" IS NOT NULL
        THEN "r"."check_in_longitude" ELSE "r"."check_out_longitude" END)::float8 AS "lng",
      greatest("r"."check_in_distance", "r"."check_out_distance") AS "distance"
    FROM (SELECT 1 AS "sign", * FROM "check_ins") AS "r"
  ) AS "p"
) AS "v"
GROUP BY "day", "user_id", "cell_y", "cell_x"
HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0
  OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0 OR sum("sign" * "out_1000") <> 0
  OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_50" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_50" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_100" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_100" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_150" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_150" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_200" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_200" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_300" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_300" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_500" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_500" * "lng"), 0) <> 0
  OR coalesce(sum("sign" * "out_1000" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "out_1000" * "lng"), 0) <> 0
ORDER BY "day", "user_id", "cell_y", "cell_x"
ON CONFLICT ("day", "user_id", "cell_y", "cell_x") DO UPDATE SET
  "visits" = "s"."visits" + excluded."visits",
  "known" = "s"."known" + excluded."known",
  "out_50" = "s"."out_50" + excluded."out_50",
  "out_100" = "s"."out_100" + excluded."out_100",
  "out_150" = "s"."out_150" + excluded."out_150",
  "out_200" = "s"."out_200" + excluded."out_200",
  "out_300" = "s"."out_300" + excluded."out_300",
  "out_500" = "s"."out_500" + excluded."out_500",
  "out_1000" = "s"."out_1000" + excluded."out_1000",
  "latitude_sum" = "s"."latitude_sum" + excluded."latitude_sum",
  "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum",
  "out_latitude_sum_50" = "s"."out_latitude_sum_50" + excluded."out_latitude_sum_50",
  "out_longitude_sum_50" = "s"."out_longitude_sum_50" + excluded."out_longitude_sum_50",
  "out_latitude_sum_100" = "s"."out_latitude_sum_100" + excluded."out_latitude_sum_100",
  "out_longitude_sum_100" = "s"."out_longitude_sum_100" + excluded."out_longitude_sum_100",
  "out_latitude_sum_150" = "s"."out_latitude_sum_150" + excluded."out_latitude_sum_150",
  "out_longitude_sum_150" = "s"."out_longitude_sum_150" + excluded."out_longitude_sum_150",
  "out_latitude_sum_200" = "s"."out_latitude_sum_200" + excluded."out_latitude_sum_200",
  "out_longitude_sum_200" = "s"."out_longitude_sum_200" + excluded."out_longitude_sum_200",
  "out_latitude_sum_300" = "s"."out_latitude_sum_300" + excluded."out_latitude_sum_300",
  "out_longitude_sum_300" = "s"."out_longitude_sum_300" + excluded."out_longitude_sum_300",
  "out_latitude_sum_500" = "s"."out_latitude_sum_500" + excluded."out_latitude_sum_500",
  "out_longitude_sum_500" = "s"."out_longitude_sum_500" + excluded."out_longitude_sum_500",
  "out_latitude_sum_1000" = "s"."out_latitude_sum_1000" + excluded."out_latitude_sum_1000",
  "out_longitude_sum_1000" = "s"."out_longitude_sum_1000" + excluded."out_longitude_sum_1000";--> statement-breakpoint
ANALYZE "check_in_map_cells";
