CREATE TABLE "custom_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"query" text,
	"lot_ids" jsonb,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_collections_lots" CHECK ("custom_collections"."query" is not null or "custom_collections"."lot_ids" is not null),
	CONSTRAINT "custom_collections_slug" CHECK ("custom_collections"."slug" ~ '^[a-z0-9][a-z0-9-]{0,63}$')
);
--> statement-breakpoint
CREATE TABLE "multilingual_landings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"content" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "multilingual_landings_locale" CHECK ("multilingual_landings"."locale" in ('ru', 'en', 'zh')),
	CONSTRAINT "multilingual_landings_slug" CHECK ("multilingual_landings"."slug" ~ '^[a-z0-9][a-z0-9-]{0,63}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_collections_slug_key" ON "custom_collections" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "multilingual_landings_slug_locale_key" ON "multilingual_landings" USING btree ("slug","locale");