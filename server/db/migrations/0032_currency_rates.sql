-- Prices in other currencies (issue #41, ADR 037): the Bank of Russia's official daily rates (XML_daily), one row per
-- day and currency, read by the daily job (server/modules/currency/job.ts). `per_unit` is roubles for one unit
-- (the feed's VunitRate: Value / Nominal), kept with what the feed said (`nominal`, `value`) and when it was read.
CREATE TABLE "currency_rates" (
	"date" date NOT NULL,
	"code" text NOT NULL,
	"nominal" integer NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"per_unit" numeric(18, 8) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_pkey" PRIMARY KEY ("date", "code"),
	CONSTRAINT "currency_rates_code_check" CHECK ("currency_rates"."code" in ('usd', 'eur', 'cny', 'aed')),
	CONSTRAINT "currency_rates_nominal_check" CHECK ("currency_rates"."nominal" > 0),
	CONSTRAINT "currency_rates_per_unit_check" CHECK ("currency_rates"."per_unit" > 0)
);
--> statement-breakpoint
-- Pages and the PDF sheet show them: a new day's rates move the offers' data version (migration 0020), so every
-- instance's kept pages in a currency follow.
CREATE TRIGGER "currency_rates_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates"
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('offers');
