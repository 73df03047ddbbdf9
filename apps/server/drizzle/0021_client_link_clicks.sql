CREATE TABLE "client_link_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_link_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visit_id" uuid NOT NULL,
	"slide" integer NOT NULL,
	"link" integer NOT NULL,
	"text" text NOT NULL,
	"href" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_link_clicks" ADD CONSTRAINT "client_link_clicks_visit_id_client_link_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."client_link_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_link_clicks_visit_idx" ON "client_link_clicks" USING btree ("visit_id");