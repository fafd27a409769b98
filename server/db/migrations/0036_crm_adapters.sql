-- CRM adapters (issue #43, ADR 040): Bitrix24 and amoCRM are delivery channels of their own beside the generic
-- webhook ('crm') and e-mail, for leads and for a paid reservation's events. Each channel has its own outbox loop,
-- which claims only its rows: the due indexes lead with the channel.
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" in ('crm', 'email', 'bitrix24', 'amocrm'));--> statement-breakpoint
ALTER TABLE "reservation_deliveries" DROP CONSTRAINT "reservation_deliveries_channel_check";--> statement-breakpoint
ALTER TABLE "reservation_deliveries" ADD CONSTRAINT "reservation_deliveries_channel_check" CHECK ("channel" in ('crm', 'email', 'bitrix24', 'amocrm'));--> statement-breakpoint
CREATE INDEX "lead_deliveries_channel_due_idx" ON "lead_deliveries" USING btree ("channel", "next_attempt_at") WHERE "delivered_at" is null;--> statement-breakpoint
CREATE INDEX "reservation_deliveries_channel_due_idx" ON "reservation_deliveries" USING btree ("channel", "next_attempt_at") WHERE "delivered_at" is null;--> statement-breakpoint
-- What a CRM calls our lead or reservation: written once the CRM acknowledged it, so a later event of a reservation is
-- added to the same deal, and a CRM's webhook about a deal finds our reservation.
CREATE TABLE "crm_links" (
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"local_id" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_links_pkey" PRIMARY KEY("channel","kind","local_id"),
	CONSTRAINT "crm_links_channel_check" CHECK ("channel" in ('bitrix24', 'amocrm')),
	CONSTRAINT "crm_links_kind_check" CHECK ("kind" in ('lead', 'reservation'))
);--> statement-breakpoint
CREATE INDEX "crm_links_external_idx" ON "crm_links" USING btree ("channel","kind","external_id");--> statement-breakpoint
-- An adapter stopped because its CRM refused our credentials (the back office's health view and /metrics read it;
-- every instance's loop writes it when it stops or resumes).
CREATE TABLE "crm_adapter_states" (
	"channel" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_adapter_states_channel_check" CHECK ("channel" in ('bitrix24', 'amocrm'))
);
