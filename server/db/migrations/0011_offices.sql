CREATE TABLE "office_projects" (
	"office_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "office_projects_office_id_project_id_pk" PRIMARY KEY("office_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"phones" jsonb NOT NULL,
	"email" text,
	"schedule" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"photo" text NOT NULL,
	"photo_width" integer NOT NULL,
	"photo_height" integer NOT NULL,
	"meetings" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offices_slug_unique" UNIQUE("slug"),
	CONSTRAINT "offices_kind_check" CHECK ("offices"."kind" in ('head_office', 'sales_office')),
	CONSTRAINT "offices_slug_check" CHECK ("offices"."slug" ~ '^[a-z0-9-]{1,64}$'),
	CONSTRAINT "offices_lat_check" CHECK ("offices"."lat" between -90 and 90 and "offices"."lng" between -180 and 180),
	CONSTRAINT "offices_schedule_check" CHECK (jsonb_typeof("offices"."schedule") = 'array' and jsonb_array_length("offices"."schedule") = 7),
	CONSTRAINT "offices_phones_check" CHECK (jsonb_typeof("offices"."phones") = 'array'),
	CONSTRAINT "offices_photo_size_check" CHECK ("offices"."photo_width" > 0 and "offices"."photo_height" > 0)
);
--> statement-breakpoint
ALTER TABLE "office_projects" ADD CONSTRAINT "office_projects_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_projects_project_idx" ON "office_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "offices_position_idx" ON "offices" USING btree ("position");