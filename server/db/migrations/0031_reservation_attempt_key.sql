-- The reserve form's attempt (issue #39): the key the form was rendered with (`idempotency_key`), kept on the hold it
-- made, so a second post of the same attempt (a double click, "back" and send again) finds that hold in the database
-- whichever instance answers it, and goes to the same payment page instead of being refused the lot it holds.
ALTER TABLE "reservations" ADD COLUMN "attempt_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_attempt_key" ON "reservations" USING btree ("attempt_key") WHERE "reservations"."attempt_key" is not null;
