DROP INDEX "clients_commercial_name_key_id_idx";--> statement-breakpoint
DROP INDEX "points_of_sale_name_key_id_idx";--> statement-breakpoint
-- Hand-written (drizzle cannot express INCLUDE): the name order of the two lists that carry a
-- short search_text covers the filter too, so a filtered page sorted by name walks the index
-- only (resources/listing.ts reads the page ids first, then joins the rows).
CREATE INDEX "clients_commercial_name_key_id_idx" ON "clients" USING btree ("commercial_name_key","id") INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "points_of_sale_name_key_id_idx" ON "points_of_sale" USING btree ("name_key","id") INCLUDE ("search_text");
