CREATE TABLE "library_draft" (
	"kind" text NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	"document" json NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_draft_kind_document_id_pk" PRIMARY KEY("kind","document_id"),
	CONSTRAINT "library_draft_kind_check" CHECK ("library_draft"."kind" in ('slide', 'layout', 'part'))
);
--> statement-breakpoint
CREATE TABLE "library_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restored_from" integer,
	"documents" json NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_versions_number" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "library_version" integer;--> statement-breakpoint
ALTER TABLE "library_draft" ADD CONSTRAINT "library_draft_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_versions" ADD CONSTRAINT "library_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('pending', 'sales_rep', 'manager', 'content_editor', 'admin'));