-- Issue #24, the visits map (docs/geo.md, "Map"): the visits counted per Mexico City day, promoter
-- and fine grid cell (45/256 of a degree, 1/8 of a tile at zoom 8), so the map reads a few
-- thousand summary rows instead of every visit of the window.
CREATE TABLE "check_in_map_cells" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"cell_x" integer NOT NULL,
	"visits" integer NOT NULL,
	"known" integer NOT NULL,
	"out_50" integer NOT NULL,
	"out_100" integer NOT NULL,
	"out_150" integer NOT NULL,
	"out_200" integer NOT NULL,
	"out_300" integer NOT NULL,
	"out_500" integer NOT NULL,
	"out_1000" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "check_in_map_cells_day_user_id_cell_y_cell_x_pk" PRIMARY KEY("day","user_id","cell_y","cell_x")
);
--> statement-breakpoint
CREATE INDEX "check_in_map_cells_user_id_day_idx" ON "check_in_map_cells" USING btree ("user_id","day");--> statement-breakpoint
-- Hand-written below (issue #24, docs/geo.md, "Map"): the summary is kept by statement triggers
-- on check_ins with transition tables, so every path that writes visits (the sync, the demo
-- seed, SQL by hand, deletions, a cascade) keeps it in the same statement, one grouped upsert
-- per statement. An update that changes nothing the map reads adds up to zero and writes
-- nothing. The positions, the day and the distances are computed as visits/map.ts computes them
-- from the visits (the same expressions), so both answer the same.
CREATE FUNCTION "check_in_map_cells_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0)
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
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0 OR sum("sign" * "out_1000") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
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
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0)
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
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0 OR sum("sign" * "out_1000") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
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
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum")
    SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
      sum("sign" * "out_50")::integer,
      sum("sign" * "out_100")::integer,
      sum("sign" * "out_150")::integer,
      sum("sign" * "out_200")::integer,
      sum("sign" * "out_300")::integer,
      sum("sign" * "out_500")::integer,
      sum("sign" * "out_1000")::integer,
      coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0)
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
    HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0 OR sum("sign" * "out_1000") <> 0
      OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0
      OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
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
      "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "check_in_map_cells";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "check_in_map_cells_insert" AFTER INSERT ON "check_ins"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "check_in_map_cells_apply"();--> statement-breakpoint
CREATE TRIGGER "check_in_map_cells_update" AFTER UPDATE ON "check_ins"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "check_in_map_cells_apply"();--> statement-breakpoint
CREATE TRIGGER "check_in_map_cells_delete" AFTER DELETE ON "check_ins"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "check_in_map_cells_apply"();--> statement-breakpoint
CREATE TRIGGER "check_in_map_cells_truncate" AFTER TRUNCATE ON "check_ins"
  FOR EACH STATEMENT EXECUTE FUNCTION "check_in_map_cells_apply"();--> statement-breakpoint
-- The visits stored before.
INSERT INTO "check_in_map_cells" AS "s" ("day", "user_id", "cell_y", "cell_x", "visits", "known", "out_50", "out_100", "out_150", "out_200", "out_300", "out_500", "out_1000", "latitude_sum", "longitude_sum")
SELECT "day", "user_id", "cell_y", "cell_x", sum("sign")::integer, sum("sign" * "known")::integer,
  sum("sign" * "out_50")::integer,
  sum("sign" * "out_100")::integer,
  sum("sign" * "out_150")::integer,
  sum("sign" * "out_200")::integer,
  sum("sign" * "out_300")::integer,
  sum("sign" * "out_500")::integer,
  sum("sign" * "out_1000")::integer,
  coalesce(sum("sign" * "lat"), 0), coalesce(sum("sign" * "lng"), 0)
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
HAVING sum("sign") <> 0 OR sum("sign" * "known") <> 0 OR sum("sign" * "out_1000") <> 0
  OR sum("sign" * "out_50") <> 0 OR sum("sign" * "out_100") <> 0 OR sum("sign" * "out_150") <> 0 OR sum("sign" * "out_200") <> 0 OR sum("sign" * "out_300") <> 0 OR sum("sign" * "out_500") <> 0
  OR coalesce(sum("sign" * "lat"), 0) <> 0 OR coalesce(sum("sign" * "lng"), 0) <> 0
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
  "longitude_sum" = "s"."longitude_sum" + excluded."longitude_sum";
