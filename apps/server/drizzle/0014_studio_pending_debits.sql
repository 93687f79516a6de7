CREATE TABLE "studio_pending_debits" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"step" integer,
	"action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "studio_pending_debits_created_at_index" ON "studio_pending_debits" USING btree ("created_at");