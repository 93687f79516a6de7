CREATE TABLE "rg_play_sessions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_bet_at" timestamp with time zone NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"day_played_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_play_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"play_time_limit" integer,
	"next_play_time_limit" integer,
	"next_play_time_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
