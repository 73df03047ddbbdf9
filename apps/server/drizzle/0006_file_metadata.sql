ALTER TABLE "deck_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_files" ADD COLUMN "byte_size" integer;--> statement-breakpoint
ALTER TABLE "deck_files" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "deck_files_in_database_idx" ON "deck_files" USING btree ("deck_id") WHERE "deck_files"."content" is not null;