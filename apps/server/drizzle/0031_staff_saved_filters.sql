CREATE TABLE "staff_saved_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"queue" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_saved_filters_userId_queue_name_unique" UNIQUE("user_id","queue","name")
);
