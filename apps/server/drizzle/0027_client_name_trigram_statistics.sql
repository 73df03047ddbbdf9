-- How often each trigram occurs in client names, gathered by every analyse: the client search
-- asks the trigram index only for the words of the search none of whose trigrams is common
-- (src/decks/client-search.ts).
CREATE STATISTICS IF NOT EXISTS "decks_client_name_trigrams" ON (show_trgm("client_name")) FROM "decks";--> statement-breakpoint
ANALYZE "decks";
