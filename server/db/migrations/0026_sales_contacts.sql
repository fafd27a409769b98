-- Promises backed by settings (issue #38 "Promises without a means"): the sales team's Telegram and WeChat ids
-- beside its WhatsApp number, each empty when not offered, and the languages its managers speak. A landing or page
-- offers a messenger only when its id is set, and a manager who speaks a language only when it is listed here
-- (core/content/sales-contacts.ts). A database seeded before knows only its Russian-speaking line: an editor adds
-- the others in the back office (core/admin/kinds/settings.ts). The table already moves the content data version (0020).
ALTER TABLE "site_settings" ADD COLUMN "telegram" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "wechat" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sales_languages" jsonb DEFAULT '["ru"]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_sales_languages_check" CHECK (jsonb_typeof("site_settings"."sales_languages") = 'array' AND jsonb_array_length("site_settings"."sales_languages") > 0);
