CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"page_type" text NOT NULL,
	"locale" text NOT NULL,
	"project_id" text,
	"lot_id" text,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"client_id" text,
	"visit_id" text,
	CONSTRAINT "tracking_events_event" CHECK ("tracking_events"."event" in ('page_view', 'visit_60s', 'visit_3min', 'visit_over_3min', 'two_pages')),
	CONSTRAINT "tracking_events_page_type" CHECK ("tracking_events"."page_type" in ('home', 'projects', 'project', 'progress', 'building', 'section', 'floor', 'lot', 'filter', 'selection', 'collection', 'landing', 'contacts', 'publications', 'publication', 'purchase', 'page', 'form', 'other')),
	CONSTRAINT "tracking_events_locale" CHECK ("tracking_events"."locale" in ('ru', 'en', 'zh')),
	CONSTRAINT "tracking_events_url" CHECK ("tracking_events"."url" like '/%' and char_length("tracking_events"."url") <= 2048),
	CONSTRAINT "tracking_events_referrer" CHECK (("tracking_events"."referrer" is null or char_length("tracking_events"."referrer") <= 512)),
	CONSTRAINT "tracking_events_utm" CHECK (("tracking_events"."utm_source" is null or char_length("tracking_events"."utm_source") <= 200) and ("tracking_events"."utm_medium" is null or char_length("tracking_events"."utm_medium") <= 200) and ("tracking_events"."utm_campaign" is null or char_length("tracking_events"."utm_campaign") <= 200) and ("tracking_events"."utm_content" is null or char_length("tracking_events"."utm_content") <= 200) and ("tracking_events"."utm_term" is null or char_length("tracking_events"."utm_term") <= 200)),
	CONSTRAINT "tracking_events_client_id" CHECK (("tracking_events"."client_id" is null or char_length("tracking_events"."client_id") <= 128)),
	CONSTRAINT "tracking_events_visit_id" CHECK (("tracking_events"."visit_id" is null or char_length("tracking_events"."visit_id") <= 64))
);
--> statement-breakpoint
CREATE INDEX "tracking_events_received_idx" ON "tracking_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_event_idx" ON "tracking_events" USING btree ("event","received_at");