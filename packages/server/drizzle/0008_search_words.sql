-- Issue 13: the trigram indexes of search_text move to its word-joined form (spaces -> 'w', see
-- src/db/fold.ts joinedWords), whose trigrams span the spaces: a multi-word filter is answered
-- from the trigrams of its junctions ("nw4") instead of those of each word apart ("  4").
DROP INDEX "clients_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "points_of_sale_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "clients_search_words_trgm_idx" ON "clients" USING gin (replace("search_text", ' ', 'w') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_of_sale_search_words_trgm_idx" ON "points_of_sale" USING gin (replace("search_text", ' ', 'w') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words_trgm_idx" ON "products" USING gin (replace("search_text", ' ', 'w') gin_trgm_ops);