CREATE TABLE "markets" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"market" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"currency" text PRIMARY KEY NOT NULL,
	"list" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "library_draft" DROP CONSTRAINT "library_draft_kind_check";--> statement-breakpoint
ALTER TABLE "deck_versions" ADD COLUMN "pricing_context" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_draft" ADD CONSTRAINT "library_draft_kind_check" CHECK ("library_draft"."kind" in ('slide', 'layout', 'part', 'brand', 'categories', 'translations'));