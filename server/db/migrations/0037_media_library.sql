-- The media library (issue #42, ADR 041): a row per picture, with its alt text in three languages, its crop and focus
-- point. Items name their picture by a *_media_id column beside their copy of its path and size; a picture in use
-- cannot be deleted (RESTRICT). Pictures items held before this migration get their rows at the next start
-- (adoptPictures, server/modules/content/editor/library.ts), so none is lost.
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'photo' NOT NULL,
	"src" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"type" text,
	"bytes" integer,
	"file_name" text NOT NULL,
	"alt" jsonb NOT NULL,
	"focus" jsonb,
	"crop" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind_check" CHECK ("kind" in ('photo', 'render', 'plan', 'document', 'logo')),
	CONSTRAINT "media_size_check" CHECK ("width" > 0 and "height" > 0)
);--> statement-breakpoint
CREATE INDEX "media_src_idx" ON "media" USING btree ("src");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "image_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "home_slides" ADD COLUMN "image_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "logo_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "cover_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "story_cards" ADD COLUMN "image_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "logo_media_id" integer REFERENCES "media"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE INDEX "publications_image_media_idx" ON "publications" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "home_slides_image_media_idx" ON "home_slides" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "partners_logo_media_idx" ON "partners" USING btree ("logo_media_id");--> statement-breakpoint
CREATE INDEX "stories_cover_media_idx" ON "stories" USING btree ("cover_media_id");--> statement-breakpoint
CREATE INDEX "story_cards_image_media_idx" ON "story_cards" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "banks_logo_media_idx" ON "banks" USING btree ("logo_media_id");--> statement-breakpoint
-- A picture's alt text or crop shows on the pages of every kind that may use it: its writes move each of their versions
-- (migration 0020's trigger function), so cached pages and shared caches follow.
CREATE TRIGGER "media_data_version_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');--> statement-breakpoint
CREATE TRIGGER "media_data_version_publications" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('publications');--> statement-breakpoint
CREATE TRIGGER "media_data_version_offers" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('offers');
