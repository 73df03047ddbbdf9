CREATE TABLE "client_link_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_link_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visit_id" uuid NOT NULL,
	"slide" integer NOT NULL,
	"view" integer NOT NULL,
	"ms" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_link_unlocks" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_link_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"total_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"passcode_hash" text,
	"allow_download" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	CONSTRAINT "client_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "client_link_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "is_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_link_events" ADD CONSTRAINT "client_link_events_visit_id_client_link_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."client_link_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_unlocks" ADD CONSTRAINT "client_link_unlocks_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD CONSTRAINT "client_link_visits_link_id_client_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_links" ADD CONSTRAINT "client_links_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_links" ADD CONSTRAINT "client_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_link_events_visit_idx" ON "client_link_events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "client_link_unlocks_link_idx" ON "client_link_unlocks" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "client_link_visits_link_idx" ON "client_link_visits" USING btree ("link_id","started_at");--> statement-breakpoint
CREATE INDEX "client_links_deck_idx" ON "client_links" USING btree ("deck_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_client_link_id_client_links_id_fk" FOREIGN KEY ("client_link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_user_id","created_at");