CREATE TYPE "public"."rg_limit_kind" AS ENUM('DEPOSIT', 'LOSS', 'WAGER');--> statement-breakpoint
CREATE TYPE "public"."rg_limit_period" AS ENUM('DAY', 'WEEK', 'MONTH');--> statement-breakpoint
CREATE TABLE "rg_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_deposits" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "rg_limit_kind" NOT NULL,
	"period" "rg_limit_period" NOT NULL,
	"from_amount" bigint,
	"to_amount" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"requested_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" uuid NOT NULL,
	"kind" "rg_limit_kind" NOT NULL,
	"period" "rg_limit_period" NOT NULL,
	"amount" bigint,
	"next_amount" bigint,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "rg_play_hours" (
	"user_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_play_hours_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
CREATE INDEX "rg_deposits_user_at_idx" ON "rg_deposits" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "rg_limit_changes_user_idx" ON "rg_limit_changes" USING btree ("user_id","requested_at");