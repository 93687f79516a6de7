ALTER TYPE "public"."code_purpose" ADD VALUE 'step_up';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone;