CREATE TYPE "public"."verification_result" AS ENUM('APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."verification_session_status" AS ENUM('STARTED', 'FINISHED', 'CANCELED', 'ERROR');--> statement-breakpoint
CREATE TABLE "verification_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" "verification_session_status" DEFAULT 'STARTED' NOT NULL,
	"result" "verification_result",
	"submitted_at" timestamp with time zone,
	"document_path" text,
	"document_name" text,
	"document_type" text,
	"document_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"game_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "verification_sessions_user_created_idx" ON "verification_sessions" USING btree ("user_id","created_at");