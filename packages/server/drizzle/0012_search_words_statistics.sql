-- Issue 13: a finer histogram of the word-joined search text. PostgreSQL estimates a
-- `LIKE '%junction%'` from the histogram of the expression (100 values by default): one value
-- in a hundred that matches reads as 1 %, so a junction matching 0.2 % of 100 000 points of sale
-- was estimated at 1 %, and the dropdown search walked the name index through 9 000 rows (25 ms)
-- instead of reading its 2 300 candidates from the trigram index (1.2 ms). With 1 000 values the
-- estimate's step is 0.1 %. ANALYZE then samples 300 000 rows of these tables instead of 30 000.
ALTER INDEX "clients_search_words_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "points_of_sale_search_words_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "products_search_words_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "clients";--> statement-breakpoint
ANALYZE "points_of_sale";--> statement-breakpoint
ANALYZE "products";
