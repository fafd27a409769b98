CREATE TABLE "benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"icon" text NOT NULL,
	"in_popup" boolean DEFAULT true NOT NULL,
	"on_page" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefits_icon_check" CHECK ("benefits"."icon" in ('key', 'family', 'car', 'tree', 'percent', 'building', 'map-pin', 'school', 'calendar', 'wallet', 'swap', 'check', 'compass')),
	CONSTRAINT "benefits_shown_check" CHECK ("benefits"."in_popup" or "benefits"."on_page")
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"lot_type" text,
	"rare_format" text,
	"url" text NOT NULL,
	"cover" text NOT NULL,
	"cover_width" integer NOT NULL,
	"cover_height" integer NOT NULL,
	"cover_alt" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "stories_slug_check" CHECK ("stories"."slug" ~ '^[a-z0-9_-]{1,64}$'),
	CONSTRAINT "stories_lot_type_check" CHECK ("stories"."lot_type" is null or "stories"."lot_type" in ('flat', 'parking', 'pantry', 'commercial')),
	CONSTRAINT "stories_rare_format_check" CHECK ("stories"."rare_format" is null or ("stories"."lot_type" = 'flat' and "stories"."rare_format" in ('terrace', 'two_level', 'penthouse', 'high_ceiling')))
);
--> statement-breakpoint
CREATE TABLE "story_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"image" text,
	"image_width" integer,
	"image_height" integer,
	"image_alt" jsonb,
	"link_url" text,
	"link_label" jsonb,
	CONSTRAINT "story_cards_kind_check" CHECK ("story_cards"."kind" in ('picture', 'text')),
	CONSTRAINT "story_cards_image_check" CHECK (("story_cards"."kind" = 'picture') = ("story_cards"."image" is not null and "story_cards"."image_width" is not null and "story_cards"."image_height" is not null and "story_cards"."image_alt" is not null)),
	CONSTRAINT "story_cards_link_check" CHECK (("story_cards"."link_url" is null) = ("story_cards"."link_label" is null))
);
--> statement-breakpoint
ALTER TABLE "story_cards" ADD CONSTRAINT "story_cards_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefits_project_idx" ON "benefits" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "stories_position_idx" ON "stories" USING btree ("position");--> statement-breakpoint
CREATE INDEX "story_cards_story_idx" ON "story_cards" USING btree ("story_id","position");