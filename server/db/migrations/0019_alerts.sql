CREATE TABLE "alert_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"change" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"query" text,
	"lot_id" integer,
	"consent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"since_change" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_target_check" CHECK (("alert_subscriptions"."kind" = 'search' and "alert_subscriptions"."query" is not null) or ("alert_subscriptions"."kind" = 'lot' and "alert_subscriptions"."lot_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "alert_messages" ADD CONSTRAINT "alert_messages_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_messages_subscription_kind_change_key" ON "alert_messages" USING btree ("subscription_id","kind","change");--> statement-breakpoint
CREATE INDEX "alert_messages_due_idx" ON "alert_messages" USING btree ("next_attempt_at") WHERE "alert_messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_active_idx" ON "alert_subscriptions" USING btree ("since_change") WHERE "alert_subscriptions"."confirmed_at" is not null and "alert_subscriptions"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email");