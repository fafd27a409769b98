-- An administrator's unlock is remembered per account and per client that had failed on it (issue #42, ADR 038): the
-- step and the account as the failures name them (`password`: the e-mail, lower-cased; `code`: the member's id), the
-- client's keyed hash, and when. When the throttle judges that account, that client's failures from before the unlock
-- no longer count towards its client-wide allowance; when it judges any other account they still do, so an unlock no
-- longer forgets what a client did elsewhere.
CREATE TABLE "staff_sign_in_unlocks" (
	"step" text NOT NULL,
	"account" text NOT NULL,
	"client_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_sign_in_unlocks_pkey" PRIMARY KEY("step","account","client_key")
);
