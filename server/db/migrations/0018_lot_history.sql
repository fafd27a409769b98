CREATE TABLE "lot_history" (
	"lot_id" integer NOT NULL,
	"change" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"price" bigint NOT NULL,
	"status" text NOT NULL,
	"previous_price" bigint,
	"previous_status" text,
	CONSTRAINT "lot_history_lot_id_at_pk" PRIMARY KEY("lot_id","at"),
	CONSTRAINT "lot_history_status_check" CHECK ("lot_history"."status" in ('free', 'booked', 'sold'))
);
--> statement-breakpoint
CREATE INDEX "lot_history_change_idx" ON "lot_history" USING brin ("change");--> statement-breakpoint
CREATE INDEX "lot_history_at_idx" ON "lot_history" USING brin ("at");