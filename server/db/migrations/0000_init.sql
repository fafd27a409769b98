CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"template" text DEFAULT 'text' NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"old_path" text NOT NULL,
	"new_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_meta" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" jsonb NOT NULL,
	"legal_name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"working_hours" jsonb NOT NULL,
	"phones" jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"whatsapp" text NOT NULL,
	"email" text NOT NULL,
	"socials" jsonb NOT NULL,
	"min_mortgage_rate" numeric(5, 2),
	"disclosure_url" text NOT NULL,
	"app_store_url" text NOT NULL,
	"google_play_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"variation_id" text NOT NULL,
	"ga_id" text,
	"value" text,
	"host" text NOT NULL,
	"url" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"table_name" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_id_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_key" ON "pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_old_path_key" ON "redirects" USING btree ("old_path");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_meta_url_key" ON "seo_meta" USING btree ("url");--> statement-breakpoint
CREATE INDEX "experiment_events_experiment_idx" ON "experiment_events" USING btree ("experiment_id","variation_id");