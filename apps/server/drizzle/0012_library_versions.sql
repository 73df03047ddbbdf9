CREATE TABLE "library_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"documents" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_versions_number" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "library_version" integer;--> statement-breakpoint
ALTER TABLE "library_versions" ADD CONSTRAINT "library_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;