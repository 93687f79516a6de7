CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"finding_count" integer NOT NULL,
	"findings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_at_index" ON "reconciliation_runs" USING btree ("started_at");