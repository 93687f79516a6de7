-- Every change that can alter a session check (a revoked or ended session, an account's fields or role, a ban
-- set, changed or lifted) announces the account's id on paws_identity inside its own transaction, whatever
-- code made it: each process's session cache forgets that account when the change commits (identity/account-feed.ts).
CREATE FUNCTION identity_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('paws_identity', OLD.id::text);
  ELSE
    PERFORM pg_notify('paws_identity', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION identity_account_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('paws_identity', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('paws_identity', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_identity_feed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION identity_account_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_identity_feed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION identity_account_part_changed();
--> statement-breakpoint
CREATE TRIGGER bans_identity_feed AFTER INSERT OR UPDATE OR DELETE ON bans
  FOR EACH ROW EXECUTE FUNCTION identity_account_part_changed();
