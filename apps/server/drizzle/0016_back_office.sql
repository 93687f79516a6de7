CREATE TYPE "public"."post_category" AS ENUM('ANNOUNCEMENT_ABOUT_US', 'EVENT_ANNOUNCEMENT', 'REVIEW', 'RATINGS', 'PODCAST', 'VIDEO_CONTENT');--> statement-breakpoint
CREATE TYPE "public"."post_media_type" AS ENUM('IMAGE', 'VIDEO');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_review" AS ENUM('AWAITING_REVIEW', 'APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."staff_adjustment_reason_code" AS ENUM('GOODWILL', 'CORRECTION', 'CHARGEBACK', 'BONUS_FIX', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."staff_adjustment_status" AS ENUM('PENDING', 'POSTED', 'REJECTED');--> statement-breakpoint
ALTER TYPE "public"."bonus_rule_kind" ADD VALUE 'REFERRAL';--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"reward_currency" text NOT NULL,
	"reward_minor" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "promo_codes_reward_positive" CHECK ("promo_codes"."reward_minor" > 0),
	CONSTRAINT "promo_codes_uses_within_max" CHECK ("promo_codes"."uses_count" >= 0 and "promo_codes"."uses_count" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lift_reason" text
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"new_device" boolean NOT NULL,
	"success" boolean NOT NULL,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "news_comment_bans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "news_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid
);
--> statement-breakpoint
CREATE TABLE "news_post_likes" (
	"post_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "news_post_views" (
	"post_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "news_post_views_post_id_viewer_day_pk" PRIMARY KEY("post_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" "post_category" NOT NULL,
	"media_key" text,
	"media_type" "post_media_type",
	"publication_date" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"updated_by" uuid,
	"updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "news_posts"."title"), 'A') || setweight(to_tsvector('english', "news_posts"."content"), 'B')) STORED,
	CONSTRAINT "news_posts_media" CHECK (("news_posts"."media_key" is null) = ("news_posts"."media_type" is null))
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"message" text NOT NULL,
	"segment" text NOT NULL,
	"active_days" integer,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "report_game_days" (
	"day" date NOT NULL,
	"provider_code" text NOT NULL,
	"game_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_game_days_day_provider_code_game_code_currency_code_pk" PRIMARY KEY("day","provider_code","game_code","currency_code")
);
--> statement-breakpoint
CREATE TABLE "report_player_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"bonus_costs" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_player_days_day_user_id_currency_code_pk" PRIMARY KEY("day","user_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "staff_player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_player_notes_body_length" CHECK (char_length("staff_player_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invites_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_recovery_codes_codeHash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"last_time_step" bigint,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"enrolment_secret_ciphertext" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "recommended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "own_referral_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "review" "withdrawal_review";--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "request_session_id" text;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "request_user_agent" text;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "request_ip" text;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_bans" ADD CONSTRAINT "news_comment_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_likes" ADD CONSTRAINT "news_comment_likes_comment_id_news_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."news_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_likes" ADD CONSTRAINT "news_comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_post_likes" ADD CONSTRAINT "news_post_likes_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_post_likes" ADD CONSTRAINT "news_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_post_views" ADD CONSTRAINT "news_post_views_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_once_per_player" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_created_idx" ON "promo_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bans_user_id_index" ON "bans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_ins_user_id_at_index" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "news_comments_post_idx" ON "news_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "news_comments_created_idx" ON "news_comments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("publication_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_posts_search_idx" ON "news_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_game_days_provider_code_game_code_day_index" ON "report_game_days" USING btree ("provider_code","game_code","day");--> statement-breakpoint
CREATE INDEX "report_player_days_user_id_day_index" ON "report_player_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "staff_adjustments_status_created_idx" ON "staff_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "staff_adjustments_player_created_idx" ON "staff_adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_adjustments_requester_idempotency_unique" ON "staff_adjustments" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "staff_player_notes_user_id_created_at_index" ON "staff_player_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_invites_email_index" ON "staff_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_id_index" ON "staff_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_id_index" ON "staff_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_sessions_submitted_idx" ON "verification_sessions" USING btree ("submitted_at") WHERE "verification_sessions"."submitted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_broadcast_user_unique" ON "notifications" USING btree ("broadcast_id","user_id") WHERE "notifications"."broadcast_id" is not null;--> statement-breakpoint
CREATE INDEX "balance_transactions_review_idx" ON "balance_transactions" USING btree ("review","created_at") WHERE "balance_transactions"."review" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_at_index" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
-- Bans move from two columns of users to records of their own: carry the existing ones over first.
INSERT INTO "bans" ("user_id", "reason", "starts_at", "created_at")
SELECT "id", coalesce("ban_reason", 'Banned'), "banned_at", "banned_at" FROM "users" WHERE "banned_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "banned_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "ban_reason";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ownReferralCode_unique" UNIQUE("own_referral_code");