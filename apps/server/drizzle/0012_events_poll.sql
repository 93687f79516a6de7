-- Dispatchers poll instead: a notifying commit takes a server-wide lock through its WAL flush, which
-- serialised every event-recording commit (see docs/decisions.md, "Backbone").
DROP TRIGGER IF EXISTS "domain_events_notify" ON "domain_events";--> statement-breakpoint
DROP FUNCTION IF EXISTS "domain_events_notify"();
