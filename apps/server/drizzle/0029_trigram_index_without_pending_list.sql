-- The trigram index written straight, as the grams index is (migration 0028): with GIN's pending
-- list every client search reads the whole list of trigrams not yet merged, up to 4 MB, and the
-- embedded database has no autovacuum to merge them. On the embedded database 5,000 decks written
-- made a search by it 52 ms where it took 1.2 ms merged; each deck written costs ~0.1 ms more.
-- Each ALTER INDEX locks its index until the migration commits, so reads of the decks wait.
ALTER INDEX "decks_client_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('decks_client_name_trgm_idx');--> statement-breakpoint
-- The grams index too, for a database that took migration 0028 before it said so.
ALTER INDEX "decks_client_name_grams_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('decks_client_name_grams_idx');
