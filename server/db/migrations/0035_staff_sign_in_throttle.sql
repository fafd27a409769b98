-- Staff sign-in throttled, never locked (issue #42, ADR 038). Each failure says which step it was (`password`: the
-- account is the e-mail as typed; `code`: the TOTP step, the account is the member's id), so the code step has a
-- budget per account across every address. A TOTP code that signed in once is kept (a keyed digest, never the code)
-- until it can no longer be valid, so it cannot sign in again.
ALTER TABLE "staff_sign_in_failures" ADD COLUMN "step" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_sign_in_failures_pair_idx" ON "staff_sign_in_failures" USING btree ("step","account","client_key","at");--> statement-breakpoint
CREATE TABLE "staff_used_codes" (
	"user_id" text NOT NULL,
	"digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_used_codes_pkey" PRIMARY KEY("user_id","digest")
);--> statement-breakpoint
ALTER TABLE "staff_used_codes" ADD CONSTRAINT "staff_used_codes_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;
