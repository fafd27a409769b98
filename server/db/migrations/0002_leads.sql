CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"seat" integer DEFAULT 1 NOT NULL,
	"lead_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"topic" text,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"newsletter" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"details" jsonb NOT NULL,
	"context" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_slots" ADD CONSTRAINT "lead_slots_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_lead_channel_key" ON "lead_deliveries" USING btree ("lead_id","channel");--> statement-breakpoint
CREATE INDEX "lead_deliveries_due_idx" ON "lead_deliveries" USING btree ("next_attempt_at") WHERE "lead_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_slots_resource_start_seat_key" ON "lead_slots" USING btree ("resource","starts_at","seat");--> statement-breakpoint
CREATE INDEX "lead_slots_lead_idx" ON "lead_slots" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_idempotency_key_key" ON "leads" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "leads_phone_created_idx" ON "leads" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");