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
CREATE INDEX "report_game_days_provider_code_game_code_day_index" ON "report_game_days" USING btree ("provider_code","game_code","day");--> statement-breakpoint
CREATE INDEX "report_player_days_user_id_day_index" ON "report_player_days" USING btree ("user_id","day");