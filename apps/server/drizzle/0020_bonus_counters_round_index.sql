CREATE TABLE "bonus_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"week_start" date,
	"week_bets" bigint DEFAULT 0 NOT NULL,
	"week_wins" bigint DEFAULT 0 NOT NULL,
	"month_start" date,
	"month_bets" bigint DEFAULT 0 NOT NULL,
	"last_bet_day" date,
	"bet_days" smallint DEFAULT 0 NOT NULL,
	"daily_run_from" date,
	"confirmed" boolean DEFAULT false NOT NULL,
	"username_chosen" boolean DEFAULT false NOT NULL,
	"deposited" boolean DEFAULT false NOT NULL,
	"placed_bet" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_counters_backfill" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"after_user_id" uuid,
	"done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_transactions_provider_code_round_id_index" ON "game_transactions" USING btree ("provider_code","round_id");