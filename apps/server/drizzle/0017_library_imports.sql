CREATE TABLE "library_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"state" text DEFAULT 'reading' NOT NULL,
	"error" text,
	"slide_size" jsonb,
	"slides" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "library_imports_state_check" CHECK ("library_imports"."state" in ('reading', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "library_imports" ADD CONSTRAINT "library_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_imports_created_idx" ON "library_imports" USING btree ("created_at");