CREATE TABLE "buildings" (
	"id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"status" text NOT NULL,
	"completion" text,
	"floors_count" smallint NOT NULL,
	"underground_floors" smallint DEFAULT 0 NOT NULL,
	"outline" text NOT NULL,
	"facade" jsonb NOT NULL,
	"facade_floors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commercial_premises" (
	"lot_id" integer PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"separate_entrance" boolean NOT NULL,
	"power_kw" numeric(6, 1) NOT NULL,
	"advertisement" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floors" (
	"id" integer PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"plan" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"floor_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"number" text NOT NULL,
	"floor" smallint NOT NULL,
	"position" smallint NOT NULL,
	"rooms" smallint,
	"euro" boolean DEFAULT false NOT NULL,
	"area" numeric(8, 2) NOT NULL,
	"living_area" numeric(8, 2),
	"kitchen_area" numeric(8, 2),
	"price" bigint NOT NULL,
	"price_per_m2" bigint NOT NULL,
	"old_price" bigint,
	"finish" text NOT NULL,
	"ceiling" numeric(3, 2) NOT NULL,
	"view" text,
	"windows" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"completion" text,
	"layout" text NOT NULL,
	"shape" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"month" text NOT NULL,
	"text" jsonb NOT NULL,
	"photos" jsonb NOT NULL,
	"buildings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY NOT NULL,
	"short_slug" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"tagline" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"district" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"completion" text,
	"completion_label" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"cover" jsonb NOT NULL,
	"genplan" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_short_slug_unique" UNIQUE("short_slug")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" integer PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"floors_count" smallint NOT NULL,
	"risers" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"h1" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"query" text NOT NULL,
	CONSTRAINT "seo_filters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_premises" ADD CONSTRAINT "commercial_premises_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress" ADD CONSTRAINT "project_progress_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_project_number_key" ON "buildings" USING btree ("project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "floors_section_number_key" ON "floors" USING btree ("section_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_project_type_number_key" ON "lots" USING btree ("project_id","type","number");--> statement-breakpoint
CREATE INDEX "lots_floor_idx" ON "lots" USING btree ("floor_id");--> statement-breakpoint
CREATE INDEX "lots_building_idx" ON "lots" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "lots_status_type_price_idx" ON "lots" USING btree ("status","type","price");--> statement-breakpoint
CREATE UNIQUE INDEX "project_progress_project_month_key" ON "project_progress" USING btree ("project_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_building_number_key" ON "sections" USING btree ("building_id","number");