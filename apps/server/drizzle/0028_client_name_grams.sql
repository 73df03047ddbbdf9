-- Every run of five characters of a client name, lower-cased: the client search asks this index
-- for two runs of each long rare word it is given, whose lists of decks stay short however many
-- decks there are (src/decks/client-search.ts, ADR 073). The trigram index's lists of such a word
-- hold thousands of decks at a million.
-- A loop rather than a select over generate_series: 13 µs a name against 36 µs, paid by every
-- write of a deck's row that is not a heap-only update. The index keeps each run once. The index
-- holds what this body gave: a changed body needs a function and an index of new names (or a
-- REINDEX), never a CREATE OR REPLACE, which would leave the index stale.
CREATE FUNCTION "client_name_grams"("name" text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    DECLARE
      "lowered" text := lower("name");
      "grams" text[] := '{}';
    BEGIN
      FOR "at" IN 1 .. length("lowered") - 4 LOOP
        "grams" := "grams" || substr("lowered", "at", 5);
      END LOOP;
      RETURN "grams";
    END
  $$;--> statement-breakpoint
-- Without GIN's pending list: every search would read the whole list of runs not yet merged, and
-- the embedded database has no autovacuum to merge them (a deck written costs ~0.2 ms more).
CREATE INDEX IF NOT EXISTS "decks_client_name_grams_idx" ON "decks" USING gin (client_name_grams("client_name")) WITH (fastupdate = off);--> statement-breakpoint
ANALYZE "decks";
