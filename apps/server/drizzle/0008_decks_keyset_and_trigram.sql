-- All decks, newest first, a page after a position: (created_at, id) read backwards.
CREATE INDEX IF NOT EXISTS "decks_created_id_idx" ON "decks" USING btree ("created_at","id");--> statement-breakpoint
-- The client search (ILIKE '%…%') served by trigrams instead of reading every deck.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "decks_client_name_trgm_idx" ON "decks" USING gin ("client_name" gin_trgm_ops);
