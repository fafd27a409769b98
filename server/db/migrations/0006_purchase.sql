CREATE TABLE "banks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"logo" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_programmes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"bank_id" text,
	"mortgage_kind" text,
	"name" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"markup" numeric(5, 2) DEFAULT 0 NOT NULL,
	"min_down_payment" numeric(5, 2) NOT NULL,
	"max_term_months" integer NOT NULL,
	"max_loan" bigint,
	"projects" text[] DEFAULT '{}' NOT NULL,
	"lot_types" text[] NOT NULL,
	"lots" text[] DEFAULT '{}' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_programmes_kind_check" CHECK ("finance_programmes"."kind" in ('mortgage', 'special', 'installment')),
	CONSTRAINT "finance_programmes_bank_check" CHECK (("finance_programmes"."kind" = 'installment') = ("finance_programmes"."bank_id" is null)),
	CONSTRAINT "finance_programmes_bounds_check" CHECK ("finance_programmes"."rate" >= 0 and "finance_programmes"."markup" >= 0 and "finance_programmes"."min_down_payment" between 0 and 100 and "finance_programmes"."max_term_months" between 1 and 600),
	CONSTRAINT "finance_programmes_dates_check" CHECK ("finance_programmes"."valid_to" is null or "finance_programmes"."valid_to" >= "finance_programmes"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "finance_programmes" ADD CONSTRAINT "finance_programmes_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_programmes_kind_idx" ON "finance_programmes" USING btree ("kind");--> statement-breakpoint
ALTER TABLE "site_settings" DROP COLUMN "min_mortgage_rate";