CREATE TABLE "experiment_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"variation_id" text NOT NULL,
	"ga_id" text NOT NULL,
	"value" text NOT NULL,
	"host" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "experiment_views_bounds" CHECK (char_length("experiment_views"."experiment_id") <= 128 and char_length("experiment_views"."url") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"ga_id" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"host" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "web_vitals_metric" CHECK ("web_vitals"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "web_vitals_value" CHECK ("web_vitals"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "experiment_views_experiment_idx" ON "experiment_views" USING btree ("experiment_id","user_id","timestamp");--> statement-breakpoint
CREATE INDEX "experiment_views_received_idx" ON "experiment_views" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "web_vitals_user_idx" ON "web_vitals" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "web_vitals_received_idx" ON "web_vitals" USING btree ("received_at");