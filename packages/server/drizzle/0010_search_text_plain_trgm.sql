-- Issue 13: the plain trigram indexes of search_text come back beside the word-joined ones of
-- 0008. A one-word term stays a plain LIKE on search_text (one condition, estimated from the
-- column's statistics, answered by this index or by a walk of the covering name index); only a
-- term of several words is selected through its junctions in the word-joined index
-- (src/resources/factory.ts searchOf). Hand-added: ANALYZE, so that the planner has statistics
-- of the word-joined expressions at once instead of after the next auto-analyze.
CREATE INDEX "clients_search_text_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_of_sale_search_text_trgm_idx" ON "points_of_sale" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "clients";--> statement-breakpoint
ANALYZE "points_of_sale";--> statement-breakpoint
ANALYZE "products";
