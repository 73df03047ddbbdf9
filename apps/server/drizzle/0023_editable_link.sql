CREATE TABLE "deck_edit_drafts" (
	"deck_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"base_version" integer NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"edited" jsonb NOT NULL,
	"base_edited" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_edit_drafts_deck_id_user_id_pk" PRIMARY KEY("deck_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deck_edited_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deck_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"base_version" integer NOT NULL,
	"state" text DEFAULT 'reading' NOT NULL,
	"error" text,
	"edited" jsonb,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"figure_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"left_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_as" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deck_edited_files_state_check" CHECK ("deck_edited_files"."state" in ('reading', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "deck_shares" ADD COLUMN "access" text DEFAULT 'view' NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "edit_kind" text;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "edited" jsonb;--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "slide_plan" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_edit_drafts" ADD CONSTRAINT "deck_edit_drafts_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_edit_drafts" ADD CONSTRAINT "deck_edit_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_edited_files" ADD CONSTRAINT "deck_edited_files_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_edited_files" ADD CONSTRAINT "deck_edited_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_edit_drafts_deck_idx" ON "deck_edit_drafts" USING btree ("deck_id","updated_at");--> statement-breakpoint
CREATE INDEX "deck_edited_files_deck_idx" ON "deck_edited_files" USING btree ("deck_id","created_at");--> statement-breakpoint
ALTER TABLE "deck_shares" ADD CONSTRAINT "deck_shares_access_check" CHECK ("deck_shares"."access" in ('view', 'edit'));