CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"default_value" jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
