-- Online reservation with a deposit, and the deal tracker (issue #39, docs/guides/reservations.md). One row per
-- attempt; a lot's state is decided in the catalogue snapshot from its active row (held while the hold lasts,
-- reserved until `ends_at`). `lot_id` and `project_id` name catalogue rows without a foreign key, like auctions and
-- lot_history: `catalogue:generate` replaces the projects and their lots (keeping their ids), and a paid
-- reservation outlives that. Personal data (name, phone, e-mail) lives only here; the buyer's deal token is never
-- stored, only its SHA-256 (`token_hash`).
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"state" text NOT NULL,
	"deal_stage" text DEFAULT 'reserved' NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"period_days" integer NOT NULL,
	"refund_window_days" integer NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"payment_id" text,
	"payment_status" text,
	"refund_id" text,
	"refund_status" text,
	"refunded_kopecks" bigint DEFAULT 0 NOT NULL,
	"token_hash" text NOT NULL,
	"token_revoked_at" timestamp with time zone,
	"manager_id" text,
	"programme_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "reservations_state_check" CHECK ("state" in ('held', 'reserved', 'expired', 'canceled', 'ended', 'completed')),
	CONSTRAINT "reservations_deal_stage_check" CHECK ("deal_stage" in ('reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys')),
	CONSTRAINT "reservations_amount_check" CHECK ("amount_kopecks" > 0 and "refunded_kopecks" between 0 and "amount_kopecks"),
	CONSTRAINT "reservations_currency_check" CHECK ("currency" = 'RUB'),
	CONSTRAINT "reservations_terms_check" CHECK ("period_days" between 1 and 365 and "refund_window_days" between 0 and 365),
	CONSTRAINT "reservations_reserved_check" CHECK ("state" <> 'reserved' or ("paid_at" is not null and "ends_at" is not null))
);
--> statement-breakpoint
-- One lot, one reservation: the database decides between concurrent holds (a second insert is a unique violation).
CREATE UNIQUE INDEX "reservations_active_lot_key" ON "reservations" USING btree ("lot_id") WHERE "state" in ('held', 'reserved');
--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_payment_key" ON "reservations" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_token_hash_key" ON "reservations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "reservations_lot_idx" ON "reservations" USING btree ("lot_id");
--> statement-breakpoint
-- The jobs' scans: holds run out, reservations end.
CREATE INDEX "reservations_hold_expiry_idx" ON "reservations" USING btree ("hold_expires_at") WHERE "state" = 'held';
--> statement-breakpoint
CREATE INDEX "reservations_ends_idx" ON "reservations" USING btree ("ends_at") WHERE "state" = 'reserved';
--> statement-breakpoint
-- The deal's timeline and audit trail. `external_id` (a CRM event id, a provider notification's payment id and
-- status) makes a repeated delivery a no-op.
CREATE TABLE "reservation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stage" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"staff_id" text,
	"external_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "reservation_events_source_check" CHECK ("source" in ('buyer', 'provider', 'crm', 'staff', 'job'))
);
--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_events_external_key" ON "reservation_events" USING btree ("reservation_id", "external_id");
--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id", "at");
--> statement-breakpoint
-- Documents of a deal (a contract draft, a receipt): files in the media store, served to the buyer through the token.
CREATE TABLE "reservation_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"title" text NOT NULL,
	"media_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" text
);
--> statement-breakpoint
ALTER TABLE "reservation_documents" ADD CONSTRAINT "reservation_documents_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reservation_documents_reservation_idx" ON "reservation_documents" USING btree ("reservation_id");
--> statement-breakpoint
-- The terms: the row without a project is the site-wide default (absent: the RESERVATION_* environment defaults),
-- a project's row overrides it.
CREATE TABLE "reservation_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"deposit_kopecks" bigint NOT NULL,
	"period_days" integer NOT NULL,
	"refund_window_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_settings_terms_check" CHECK ("deposit_kopecks" > 0 and "period_days" between 1 and 365 and "refund_window_days" between 0 and 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_settings_project_key" ON "reservation_settings" USING btree ("project_id");
--> statement-breakpoint
-- At most one site-wide row (a unique index treats nulls as distinct).
CREATE UNIQUE INDEX "reservation_settings_site_key" ON "reservation_settings" USING btree ((true)) WHERE "project_id" is null;
--> statement-breakpoint
-- The transactional outbox of a deal's events to the CRM (ADR 006, server/jobs/outbox.ts): one row per event and
-- channel, written in the event's transaction, so each event reaches the CRM exactly once.
CREATE TABLE "reservation_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"channel" text DEFAULT 'crm' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_deliveries_channel_check" CHECK ("channel" in ('crm', 'email'))
);
--> statement-breakpoint
ALTER TABLE "reservation_deliveries" ADD CONSTRAINT "reservation_deliveries_event_id_reservation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."reservation_events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_deliveries_event_channel_key" ON "reservation_deliveries" USING btree ("event_id", "channel");
--> statement-breakpoint
CREATE INDEX "reservation_deliveries_due_idx" ON "reservation_deliveries" USING btree ("next_attempt_at") WHERE "delivered_at" is null;
--> statement-breakpoint
-- A lot's state follows its reservation on every page, count, feed and PDF: a change to a reservation moves the
-- catalogue's data version (migration 0020), as a change to a lot does.
CREATE TRIGGER "reservations_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('catalogue');
