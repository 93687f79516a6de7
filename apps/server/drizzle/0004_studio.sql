CREATE TABLE "studio_launches" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"session_token" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"username" text NOT NULL,
	"extra_sessions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_roulette_bets" (
	"round_id" uuid PRIMARY KEY NOT NULL,
	"round_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"bets" jsonb NOT NULL,
	"total_stake" bigint NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_roulette_rounds" (
	"round_number" integer PRIMARY KEY NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"number" smallint,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"spinning_ends_at" timestamp with time zone NOT NULL,
	"result_ends_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"game" text NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"wallet_session_token" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"state" jsonb,
	"result" jsonb,
	"finished" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_seed_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"game" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"wallet_session_token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"extra_sessions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_roulette_bets" ADD CONSTRAINT "studio_roulette_bets_round_id_studio_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."studio_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_roulette_bets" ADD CONSTRAINT "studio_roulette_bets_round_number_studio_roulette_rounds_round_number_fk" FOREIGN KEY ("round_number") REFERENCES "public"."studio_roulette_rounds"("round_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_roulette_rounds" ADD CONSTRAINT "studio_roulette_rounds_seed_pair_id_studio_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."studio_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_rounds" ADD CONSTRAINT "studio_rounds_seed_pair_id_studio_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."studio_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_roulette_bets_round_number_index" ON "studio_roulette_bets" USING btree ("round_number");--> statement-breakpoint
CREATE INDEX "studio_rounds_user_id_created_at_index" ON "studio_rounds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "studio_rounds_user_id_game_created_at_index" ON "studio_rounds" USING btree ("user_id","game","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_seed_pairs_active_player" ON "studio_seed_pairs" USING btree ("user_id","game") WHERE "studio_seed_pairs"."revealed_at" is null and "studio_seed_pairs"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_seed_pairs_active_table" ON "studio_seed_pairs" USING btree ("game") WHERE "studio_seed_pairs"."revealed_at" is null and "studio_seed_pairs"."user_id" is null;--> statement-breakpoint
CREATE INDEX "studio_sessions_user_id_index" ON "studio_sessions" USING btree ("user_id");