CREATE TYPE "public"."bonus_rule_kind" AS ENUM('DAILY', 'WEEKLY', 'MONTHLY', 'WIN_BET', 'ONBOARDING');--> statement-breakpoint
CREATE TABLE "bonus_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "bonus_rule_kind" NOT NULL,
	"target_minor" bigint,
	"reward_minor" bigint NOT NULL,
	"reward_currency" text DEFAULT 'BONUS_USD' NOT NULL,
	"task" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_rules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_rule_id_bonus_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."bonus_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_bonuses_once_per_period" ON "user_bonuses" USING btree ("user_id","rule_id","period_key");--> statement-breakpoint
CREATE INDEX "user_bonuses_user_created_idx" ON "user_bonuses" USING btree ("user_id","created_at");