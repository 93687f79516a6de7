CREATE TYPE "public"."staff_adjustment_reason_code" AS ENUM('GOODWILL', 'CORRECTION', 'CHARGEBACK', 'BONUS_FIX', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."staff_adjustment_status" AS ENUM('PENDING', 'POSTED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "staff_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason_code" "staff_adjustment_reason_code" NOT NULL,
	"note" text NOT NULL,
	"status" "staff_adjustment_status" NOT NULL,
	"needs_approval" boolean NOT NULL,
	"requested_by" uuid NOT NULL,
	"idempotency_key" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"posted_at" timestamp with time zone,
	"ledger_transaction_id" uuid,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_adjustments_amount_not_zero" CHECK ("staff_adjustments"."amount" <> 0),
	CONSTRAINT "staff_adjustments_four_eyes" CHECK ("staff_adjustments"."decided_by" is null or "staff_adjustments"."decided_by" <> "staff_adjustments"."requested_by")
);
--> statement-breakpoint
CREATE INDEX "staff_adjustments_status_created_idx" ON "staff_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "staff_adjustments_player_created_idx" ON "staff_adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_adjustments_requester_idempotency_unique" ON "staff_adjustments" USING btree ("requested_by","idempotency_key");