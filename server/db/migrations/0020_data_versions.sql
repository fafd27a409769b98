CREATE TABLE "data_versions" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every write to a table the pages show bumps its kind's version in the same transaction, once per statement, and
-- tells listening instances at commit (server/services/versions.ts). The kind is the trigger's argument.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS v (kind, version, updated_at) VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT (kind) DO UPDATE SET version = v.version + 1, updated_at = now();
  PERFORM pg_notify('data_versions', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[
    ['projects', 'catalogue'], ['buildings', 'catalogue'], ['sections', 'catalogue'], ['floors', 'catalogue'],
    ['lots', 'catalogue'], ['commercial_premises', 'catalogue'], ['project_progress', 'catalogue'],
    ['seo_filters', 'catalogue'], ['catalogue_state', 'catalogue'], ['lot_history', 'catalogue'],
    ['portal_building_ids', 'catalogue'],
    ['pages', 'content'], ['menu_items', 'content'], ['site_settings', 'content'], ['seo_meta', 'content'],
    ['redirects', 'content'], ['content_blocks', 'content'], ['home_slides', 'content'], ['partners', 'content'],
    ['stories', 'content'], ['story_cards', 'content'], ['benefits', 'content'], ['custom_collections', 'content'],
    ['multilingual_landings', 'content'], ['offices', 'content'], ['office_projects', 'content'],
    ['publications', 'publications'],
    ['banks', 'offers'], ['finance_programmes', 'offers'],
    ['feature_flags', 'flags'],
    ['auctions', 'auctions'], ['auction_bids', 'auctions'],
    ['lead_slots', 'bookings']
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(%L)',
      pair[1] || '_data_version', pair[1], pair[2]);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO data_versions (kind, version) VALUES ('catalogue', 1), ('content', 1), ('publications', 1), ('offers', 1), ('flags', 1), ('auctions', 1), ('bookings', 1)
ON CONFLICT (kind) DO NOTHING;
