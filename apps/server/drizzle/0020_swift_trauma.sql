CREATE TABLE "staff_player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_player_notes_body_length" CHECK (char_length("staff_player_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "staff_player_notes_user_id_created_at_index" ON "staff_player_notes" USING btree ("user_id","created_at");