-- The sun-and-view passport of every lot (issue #41, ADR on insolation). What the sun computation needs that the
-- catalogue did not hold: the master plan's scale and north (editor-entered on the project), the neighbouring
-- buildings that shade the project (editor-entered), the window views an editor sets per section and floor range;
-- and what it computes, once per lot: minutes of direct sun on the lot's windows on 21 March, 22 June and 22 December
-- and whether the lot meets SanPiN 1.2.3685-21 (with the variant of the norm it meets), and the view tags per window.
ALTER TABLE "projects" ADD COLUMN "genplan_scale" double precision DEFAULT 0.2 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "genplan_north" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_genplan_scale_check" CHECK ("genplan_scale" > 0 and "genplan_scale" <= 10);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_genplan_north_check" CHECK ("genplan_north" >= 0 and "genplan_north" < 360);--> statement-breakpoint
CREATE TABLE "insolation_neighbours" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"outline" text NOT NULL,
	"height" numeric(5, 1) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "insolation_neighbours_height_check" CHECK ("height" > 0 and "height" <= 600)
);--> statement-breakpoint
ALTER TABLE "insolation_neighbours" ADD CONSTRAINT "insolation_neighbours_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insolation_neighbours_project_idx" ON "insolation_neighbours" USING btree ("project_id");--> statement-breakpoint
CREATE TABLE "window_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"building_number" smallint NOT NULL,
	"section_number" smallint,
	"floor_from" smallint DEFAULT 1 NOT NULL,
	"floor_to" smallint DEFAULT 200 NOT NULL,
	"side" text NOT NULL,
	"tags" jsonb NOT NULL,
	CONSTRAINT "window_views_side_check" CHECK ("side" in ('north', 'south', 'east', 'west')),
	CONSTRAINT "window_views_floors_check" CHECK ("floor_from" <= "floor_to")
);--> statement-breakpoint
ALTER TABLE "window_views" ADD CONSTRAINT "window_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "window_views_project_idx" ON "window_views" USING btree ("project_id");--> statement-breakpoint
CREATE TABLE "lot_insolation" (
	"lot_id" integer PRIMARY KEY NOT NULL,
	"march_minutes" smallint NOT NULL,
	"june_minutes" smallint NOT NULL,
	"december_minutes" smallint NOT NULL,
	"norm_met" boolean NOT NULL,
	"norm_rule" text NOT NULL,
	"views" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_insolation_minutes_check" CHECK ("march_minutes" between 0 and 1440 and "june_minutes" between 0 and 1440 and "december_minutes" between 0 and 1440)
);--> statement-breakpoint
ALTER TABLE "lot_insolation" ADD CONSTRAINT "lot_insolation_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;
