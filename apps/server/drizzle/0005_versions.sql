CREATE TABLE "deck_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"client_name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"slide_count" integer NOT NULL,
	"slide_titles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"presenter" jsonb,
	"restored_from" integer,
	"created_by" uuid,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_versions_deck_number" UNIQUE("deck_id","number"),
	CONSTRAINT "deck_versions_deck_idempotency_key" UNIQUE("deck_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('profile_photo', 'slide_picture'))
);
--> statement-breakpoint
ALTER TABLE "client_link_visits" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_links" ADD COLUMN "pinned_version" integer;--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD CONSTRAINT "deck_versions_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD CONSTRAINT "deck_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "deck_versions" ("deck_id", "number", "title", "client_name", "draft", "slide_count", "warnings", "created_by", "created_at") SELECT "id", 1, "title", "client_name", "draft", "slide_count", "warnings", "owner_id", "created_at" FROM "decks";--> statement-breakpoint
UPDATE "deck_files" SET "name" = 'v1/' || "name";--> statement-breakpoint
UPDATE "decks" SET "archived_at" = "updated_at" WHERE "status" = 'archived';
