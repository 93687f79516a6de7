CREATE TYPE "public"."game_transaction_kind" AS ENUM('BET', 'WIN', 'ROLLBACK');--> statement-breakpoint
CREATE TYPE "public"."game_transaction_status" AS ENUM('OK', 'ROLLED_BACK');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('BET', 'WIN', 'ROLLBACK', 'DEPOSIT', 'WITHDRAW', 'WITHDRAW_SETTLE', 'WITHDRAW_RELEASE', 'BONUS', 'ADJUSTMENT');--> statement-breakpoint
CREATE TYPE "public"."wallet_account_kind" AS ENUM('player', 'system');--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"game_code" text NOT NULL,
	"provider_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" "game_transaction_kind" NOT NULL,
	"status" "game_transaction_status" NOT NULL,
	"user_id" uuid,
	"currency_code" text,
	"amount" bigint,
	"round_id" text NOT NULL,
	"game_code" text,
	"reference_external_id" text,
	"ledger_transaction_id" uuid,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	CONSTRAINT "ledger_entries_transaction_id_account_id_pk" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"reference" text NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "wallet_account_kind" NOT NULL,
	"user_id" uuid,
	"system_code" text,
	"currency_code" text NOT NULL,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_kind_shape" CHECK (("wallet_accounts"."kind" = 'player' and "wallet_accounts"."user_id" is not null and "wallet_accounts"."system_code" is null and "wallet_accounts"."balance" is not null)
        or ("wallet_accounts"."kind" = 'system' and "wallet_accounts"."user_id" is null and "wallet_accounts"."system_code" is not null and "wallet_accounts"."balance" is null)),
	CONSTRAINT "wallet_accounts_player_balance_not_negative" CHECK ("wallet_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"minor_unit" smallint NOT NULL,
	"symbol" text,
	"is_real" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_provider_code_wallet_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."wallet_providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_currency_code_wallet_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."wallet_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_provider_code_wallet_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."wallet_providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_currency_code_wallet_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."wallet_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_currency_code_wallet_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."wallet_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_user_id_created_at_index" ON "game_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transactions_provider_external_unique" ON "game_transactions" USING btree ("provider_code","external_id");--> statement-breakpoint
CREATE INDEX "game_transactions_user_id_created_at_index" ON "game_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_index" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reference_unique" ON "ledger_transactions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_user_currency_unique" ON "wallet_accounts" USING btree ("user_id","currency_code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_currency_unique" ON "wallet_accounts" USING btree ("system_code","currency_code");