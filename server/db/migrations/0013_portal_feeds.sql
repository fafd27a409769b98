CREATE TABLE "portal_building_ids" (
	"portal" text NOT NULL,
	"building_id" integer NOT NULL,
	"complex_id" text NOT NULL,
	"house_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_building_ids_portal_building_id_pk" PRIMARY KEY("portal","building_id"),
	CONSTRAINT "portal_building_ids_portal_check" CHECK ("portal_building_ids"."portal" in ('yandex', 'cian', 'avito', 'domclick')),
	CONSTRAINT "portal_building_ids_ids_check" CHECK (char_length("portal_building_ids"."complex_id") between 1 and 64 and ("portal_building_ids"."house_id" is null or char_length("portal_building_ids"."house_id") between 1 and 64))
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "portal_building_ids" ADD CONSTRAINT "portal_building_ids_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_material_check" CHECK ("buildings"."material" is null or "buildings"."material" in ('brick', 'monolith', 'monolith_brick', 'panel', 'block', 'wood'));