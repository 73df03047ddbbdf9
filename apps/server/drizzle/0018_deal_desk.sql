CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approver_role" text NOT NULL,
	"requested_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"deal_check" jsonb NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_state_check" CHECK ("approval_requests"."state" in ('pending', 'approved', 'rejected', 'void'))
);
--> statement-breakpoint
CREATE TABLE "deal_desk_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"link_id" uuid,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"full_name" text,
	"job_title" text,
	"reason" text,
	"summary" jsonb,
	"terms_text" text,
	"pdf_sha256" text,
	"ip_address" text,
	"user_agent" text,
	"previous_sha256" text,
	"record_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_responses_kind_check" CHECK ("proposal_responses"."kind" in ('accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "client_links" ADD COLUMN "acceptance_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_links" ADD COLUMN "optional_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_links" ADD COLUMN "version_at_creation" integer;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "deal_check" jsonb;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "approved_by_request" uuid;--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_path" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_desk_settings" ADD CONSTRAINT "deal_desk_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_responses" ADD CONSTRAINT "proposal_responses_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_state_idx" ON "approval_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_deck_idx" ON "approval_requests" USING btree ("deck_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_pending" ON "approval_requests" USING btree ("deck_id") WHERE "approval_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "proposal_responses_deck_idx" ON "proposal_responses" USING btree ("deck_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_responses_one_acceptance" ON "proposal_responses" USING btree ("deck_id") WHERE "proposal_responses"."kind" = 'accepted';--> statement-breakpoint
ALTER TABLE "deck_versions" ADD CONSTRAINT "deck_versions_approved_by_request_approval_requests_id_fk" FOREIGN KEY ("approved_by_request") REFERENCES "public"."approval_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "proposal_responses_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'proposal_responses is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "proposal_responses_append_only" BEFORE UPDATE OR DELETE ON "proposal_responses" FOR EACH ROW EXECUTE FUNCTION "proposal_responses_append_only"();
