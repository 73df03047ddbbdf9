-- proposal_responses is append-only (0018): row triggers refuse UPDATE and DELETE, but TRUNCATE
-- fires no row triggers, so it would empty the record of what clients accepted. Refused too,
-- directly or through TRUNCATE decks CASCADE.
CREATE TRIGGER "proposal_responses_no_truncate" BEFORE TRUNCATE ON "proposal_responses" FOR EACH STATEMENT EXECUTE FUNCTION "proposal_responses_append_only"();
