CREATE TABLE "rg_register_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"reference" text
);
