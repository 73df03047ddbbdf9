CREATE TABLE "deck_files" (
	"deck_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_files_deck_id_name_pk" PRIMARY KEY("deck_id","name")
);
--> statement-breakpoint
CREATE TABLE "deck_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"email" text NOT NULL,
	"shared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_shares_deck_email" UNIQUE("deck_id","email")
);
--> statement-breakpoint
CREATE TABLE "decks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"client_name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"slide_count" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decks_owner_idempotency_key" UNIQUE("owner_id","idempotency_key"),
	CONSTRAINT "decks_status_check" CHECK ("decks"."status" in ('draft', 'completed', 'shared', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "deck_files" ADD CONSTRAINT "deck_files_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_shares" ADD CONSTRAINT "deck_shares_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_shares" ADD CONSTRAINT "deck_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_shares_email_idx" ON "deck_shares" USING btree ("email");--> statement-breakpoint
CREATE INDEX "decks_owner_created_idx" ON "decks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "decks_created_idx" ON "decks" USING btree ("created_at");