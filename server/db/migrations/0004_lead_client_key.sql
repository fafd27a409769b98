ALTER TABLE "leads" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "leads_client_created_idx" ON "leads" USING btree ("client_key","created_at");