-- Office hours as data (issue #38 "Meeting booking ignores office hours"): each office's own IANA time zone, in which
-- its week and its dated exceptions (holidays, days with other hours) are wall-clock times. The meeting booking, the
-- contact page, the office cards and the contact page's JSON-LD read them. Offices so far were all in Moscow.
ALTER TABLE "offices" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_exceptions_check" CHECK (jsonb_typeof("offices"."exceptions") = 'array');
--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_time_zone_check" CHECK ("offices"."time_zone" ~ '^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$');
