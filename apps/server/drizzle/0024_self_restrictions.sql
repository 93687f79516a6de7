CREATE TYPE "public"."ban_kind" AS ENUM('STAFF', 'TIME_OUT', 'SELF_EXCLUSION');--> statement-breakpoint
ALTER TABLE "bans" ADD COLUMN "kind" "ban_kind" DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "bans" ADD COLUMN "return_allowed_at" timestamp with time zone;