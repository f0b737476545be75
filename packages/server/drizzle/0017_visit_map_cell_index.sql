-- Issue #24, the visits map (docs/geo.md, "Map"): what the summary (0016) does not answer. A box
-- at a zoom above 8 reads only the visits of the summary's fine cells it covers that hold visits
-- (check_ins_map_cell_idx: the fine cell of the drawn position as one integer, row * 4096 +
-- column, then the date); 'Solo fuera de rango' with a geofence of 200 m or more reads only the
-- window's visits beyond 200 m (check_ins_map_far_idx). Hand-written INCLUDE, as in 0015: both
-- are index-only scans of the positions, distances and promoter.
CREATE INDEX "check_ins_map_cell_idx" ON "check_ins" USING btree ((floor((case when "check_in_latitude" is not null and "check_in_longitude" is not null then "check_in_latitude" else "check_out_latitude" end)::float8 / 0.17578125::float8)::int * 4096 + floor((case when "check_in_latitude" is not null and "check_in_longitude" is not null then "check_in_longitude" else "check_out_longitude" end)::float8 / 0.17578125::float8)::int),"start_date") INCLUDE ("user_id","check_in_latitude","check_in_longitude","check_out_latitude","check_out_longitude","check_in_distance","check_out_distance");--> statement-breakpoint
CREATE INDEX "check_ins_map_far_idx" ON "check_ins" USING btree ("start_date") INCLUDE ("user_id","check_in_latitude","check_in_longitude","check_out_latitude","check_out_longitude","check_in_distance","check_out_distance") WHERE "check_ins"."check_in_distance" > 200 or "check_ins"."check_out_distance" > 200;--> statement-breakpoint
-- Statistics for the new expression now (a sample, a second or two on a million visits), so the
-- planner sees how few visits a fine cell holds before autovacuum's next analyze.
ANALYZE "check_ins";
