CREATE TABLE "auction_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"auction_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lead_id" uuid,
	CONSTRAINT "auction_bids_amount_check" CHECK ("auction_bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"start_price" bigint NOT NULL,
	"min_step" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"planned_ends_at" timestamp with time zone NOT NULL,
	"extend_minutes" integer DEFAULT 0 NOT NULL,
	"best_amount" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_prices_check" CHECK ("auctions"."start_price" > 0 and "auctions"."min_step" > 0),
	CONSTRAINT "auctions_times_check" CHECK ("auctions"."starts_at" < "auctions"."planned_ends_at" and "auctions"."planned_ends_at" <= "auctions"."ends_at"),
	CONSTRAINT "auctions_extend_check" CHECK ("auctions"."extend_minutes" between 0 and 1440),
	CONSTRAINT "auctions_best_check" CHECK (("auctions"."best_amount" is null and "auctions"."bid_count" = 0) or ("auctions"."best_amount" >= "auctions"."start_price" and "auctions"."bid_count" > 0)),
	CONSTRAINT "auctions_result_check" CHECK ("auctions"."result" is null or "auctions"."result" in ('sold', 'not_sold', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_page_type";--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_auction_amount_key" ON "auction_bids" USING btree ("auction_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_lead_key" ON "auction_bids" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "auctions_ends_idx" ON "auctions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "auctions_lot_idx" ON "auctions" USING btree ("lot_id");--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_page_type" CHECK ("tracking_events"."page_type" in ('home', 'projects', 'project', 'progress', 'building', 'section', 'floor', 'lot', 'filter', 'selection', 'collection', 'landing', 'contacts', 'auctions', 'auction', 'publications', 'publication', 'purchase', 'page', 'form', 'other'));