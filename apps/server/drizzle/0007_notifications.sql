CREATE TYPE "public"."notification_category" AS ENUM('SYSTEM', 'GAME_RESULT', 'FINANCIAL', 'ADVERTISING', 'SECURITY');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"category" "notification_category" NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_idle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"user_agent" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","category") WHERE not "notifications"."is_read";