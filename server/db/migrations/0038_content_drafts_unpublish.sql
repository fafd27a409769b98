-- Drafts of published items and scheduled unpublishing (issue #42, ADR 042). A published item is edited as a draft
-- beside it: one draft per item, its values as the form has them, the version of the live item it was started from
-- and its own version (a hash of its values) for the autosave's check. The public site never reads this table, so it
-- carries no data-version trigger: a draft saved moves no kept page.
CREATE TABLE "content_drafts" (
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"version" text NOT NULL,
	"base_version" text NOT NULL,
	"staff_id" text,
	"staff_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_pkey" PRIMARY KEY("entity","entity_id")
);--> statement-breakpoint
-- A published item leaves the site at this moment (null: it stays); the publication schedule moves the version then.
ALTER TABLE "publications" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_unpublish_after_publish" CHECK ("unpublish_at" is null or "publish_at" is null or "unpublish_at" > "publish_at");
