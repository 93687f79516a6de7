CREATE TYPE "public"."factor_removal_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."removable_factor" AS ENUM('totp');--> statement-breakpoint
CREATE TABLE "factor_removal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"factor" "removable_factor" NOT NULL,
	"status" "factor_removal_status" DEFAULT 'PENDING' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "factor_removal_requests_decided" CHECK (("factor_removal_requests"."status" = 'PENDING') = ("factor_removal_requests"."decided_by" is null and "factor_removal_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "factor_removal_requests_one_pending" ON "factor_removal_requests" USING btree ("user_id","factor") WHERE "factor_removal_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "factor_removal_requests_user_idx" ON "factor_removal_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "factor_removal_requests_status_idx" ON "factor_removal_requests" USING btree ("status","requested_at");