CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"project_id" integer,
	"realty_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"lead" jsonb NOT NULL,
	"badge" jsonb,
	"body" jsonb NOT NULL,
	"image" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"source_name" jsonb,
	"source_url" text,
	"published_at" date NOT NULL,
	"ends_at" date,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "publications_kind_slug_key" ON "publications" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "publications_kind_published_at_idx" ON "publications" USING btree ("kind","published_at");