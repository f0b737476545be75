-- Issue #24, the visits map (docs/geo.md): the points of sale in the visible box, and a date
-- window's visits aggregated by grid cell. Hand-written INCLUDE (drizzle cannot express it): the
-- map's aggregate reads the window's positions, distances and promoter from the index alone
-- (an index-only scan once the table is vacuumed), never the visits' rows.
CREATE INDEX "points_of_sale_longitude_latitude_idx" ON "points_of_sale" USING btree ("longitude","latitude");--> statement-breakpoint
CREATE INDEX "check_ins_map_idx" ON "check_ins" USING btree ("start_date") INCLUDE ("user_id","check_in_latitude","check_in_longitude","check_out_latitude","check_out_longitude","check_in_distance","check_out_distance");
