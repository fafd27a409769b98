-- A reservation's terms (deposit, period, refund window) are shown on a free lot's page beside its reserve button.
-- They are the back office's settings, read under the content's data version (server/modules/reservations/
-- buyer-pages.ts): a change to them moves that version, as a change to the site's settings does (0020), so a kept lot
-- page is made again with the new terms at once instead of after its freshness (issue #39, one fact on every surface).
CREATE TRIGGER "reservation_settings_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reservation_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('content');
