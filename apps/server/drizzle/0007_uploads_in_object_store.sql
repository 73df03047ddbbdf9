ALTER TABLE "uploads" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;