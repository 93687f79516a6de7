CREATE TYPE "public"."rg_contact_channel" AS ENUM('PHONE', 'EMAIL', 'LIVE_CHAT', 'IN_APP_MESSAGE');--> statement-breakpoint
CREATE TYPE "public"."rg_contact_outcome" AS ENUM('NOT_REACHED', 'NO_CONCERN', 'ADVICE_GIVEN', 'LIMITS_AGREED', 'BREAK_TAKEN', 'REFERRED_TO_SUPPORT');--> statement-breakpoint
CREATE TABLE "rg_activity_hours" (
	"user_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_activity_hours_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "rg_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"channel" "rg_contact_channel" NOT NULL,
	"outcome" "rg_contact_outcome" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_harm_scores" (
	"day" text NOT NULL,
	"user_id" uuid NOT NULL,
	"score" bigint NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_harm_scores_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE INDEX "rg_activity_hours_hour_idx" ON "rg_activity_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "rg_contacts_user_idx" ON "rg_contacts" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "rg_harm_scores_user_idx" ON "rg_harm_scores" USING btree ("user_id","day");