ALTER TABLE "bonus_rules" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_params" jsonb;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bonus_rules" SET "name_key" = "code" WHERE ("code", "name") IN (
  ('daily-7-days', 'Daily bonus'), ('weekly-bets', 'Weekly bonus'), ('monthly-bets', 'Monthly bonus'),
  ('win-bet-weekly', 'Win-bet bonus'), ('welcome-confirm', 'Confirm your e-mail or phone'),
  ('welcome-username', 'Choose a username'), ('welcome-deposit', 'Make your first deposit'),
  ('welcome-bet', 'Place your first bet'), ('referral-referrer', 'Referral reward'),
  ('referral-referred', 'Referral welcome bonus'), ('onboarding-tour', 'Onboarding reward'));--> statement-breakpoint
UPDATE "game_sessions" s SET "played_at" = (
  SELECT min(t."created_at") FROM "game_transactions" t
  WHERE t."user_id" = s."user_id" AND t."provider_code" = s."provider_code" AND t."game_code" = s."game_code"
    AND t."kind" = 'BET' AND t."created_at" >= s."created_at" AND t."created_at" <= s."expires_at");
