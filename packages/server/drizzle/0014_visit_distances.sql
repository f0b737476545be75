-- Issue #24: each visit's distance in metres from its check-in and check-out positions to its
-- point of sale, stored at sync (docs/geo.md). The visits stored before get theirs here, with the
-- same haversine and Earth radius as @anaquel/api/rules' distanceMeters; a missing coordinate on
-- either side leaves null (tested explicitly: least() would turn a null into 1, half the Earth).
ALTER TABLE "check_ins" ADD COLUMN "check_in_distance" integer;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "check_out_distance" integer;--> statement-breakpoint
UPDATE "check_ins" AS "c" SET
  "check_in_distance" = CASE
    WHEN "c"."check_in_latitude" IS NOT NULL AND "c"."check_in_longitude" IS NOT NULL
      AND "p"."latitude" IS NOT NULL AND "p"."longitude" IS NOT NULL
    THEN round(2 * 6371008.8 * asin(least(1, sqrt(
      power(sin(radians("p"."latitude"::float8 - "c"."check_in_latitude"::float8) / 2), 2)
      + cos(radians("c"."check_in_latitude"::float8)) * cos(radians("p"."latitude"::float8))
        * power(sin(radians("p"."longitude"::float8 - "c"."check_in_longitude"::float8) / 2), 2)))))::integer
  END,
  "check_out_distance" = CASE
    WHEN "c"."check_out_latitude" IS NOT NULL AND "c"."check_out_longitude" IS NOT NULL
      AND "p"."latitude" IS NOT NULL AND "p"."longitude" IS NOT NULL
    THEN round(2 * 6371008.8 * asin(least(1, sqrt(
      power(sin(radians("p"."latitude"::float8 - "c"."check_out_latitude"::float8) / 2), 2)
      + cos(radians("c"."check_out_latitude"::float8)) * cos(radians("p"."latitude"::float8))
        * power(sin(radians("p"."longitude"::float8 - "c"."check_out_longitude"::float8) / 2), 2)))))::integer
  END
FROM "points_of_sale" AS "p"
WHERE "p"."id" = "c"."point_of_sale_id";
