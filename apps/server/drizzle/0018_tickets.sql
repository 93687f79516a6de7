CREATE TYPE "public"."ticket_category" AS ENUM('CONSULTATION', 'TECHNICAL_PROBLEM', 'BUG_REPORT');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('CREATED', 'IN_PROGRESS', 'RESOLVE_REQUEST', 'RETURNED', 'CLOSED', 'AUTO_CLOSED');--> statement-breakpoint
CREATE TABLE "ticket_canned_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"by_manager" boolean NOT NULL,
	"username" text,
	"message" text DEFAULT '' NOT NULL,
	"change_status" "ticket_status",
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_email" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name_of_user" text NOT NULL,
	"email" text NOT NULL,
	"category" "ticket_category" NOT NULL,
	"status" "ticket_status" DEFAULT 'CREATED' NOT NULL,
	"subject" text NOT NULL,
	"assignee_id" uuid,
	"rating" smallint,
	"rating_text" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_text" text,
	"last_message_by_manager" boolean DEFAULT false NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"first_response_at" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolve_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"player_read_message_id" uuid,
	"player_read_at" timestamp with time zone,
	"staff_read_message_id" uuid,
	"staff_read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_user_activity_idx" ON "tickets" USING btree ("user_id","activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_status_waiting_idx" ON "tickets" USING btree ("status","waiting_since");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_id") WHERE "tickets"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_resolve_request_idx" ON "tickets" USING btree ("resolve_requested_at") WHERE "tickets"."status" = 'RESOLVE_REQUEST';--> statement-breakpoint
CREATE INDEX "tickets_email_created_idx" ON "tickets" USING btree ("email","created_at");