CREATE TYPE "public"."payment_method" AS ENUM('CARD', 'CRYPT', 'BANK_TRANSFER');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDING', 'COMPLETED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('DEPOSIT', 'WITHDRAW');--> statement-breakpoint
CREATE TABLE "balance_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"type" "payment_type" NOT NULL,
	"status" "payment_status" NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_transactions_amount_positive" CHECK ("balance_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "balance_transactions_user_created_idx" ON "balance_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_transactions_user_idempotency_unique" ON "balance_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "balance_transactions_pending_idx" ON "balance_transactions" USING btree ("created_at") WHERE "balance_transactions"."status" = 'PENDING';