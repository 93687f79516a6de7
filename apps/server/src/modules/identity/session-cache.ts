/** What a session check found (its user, and the account fields shown), kept until `validUntil` (ms). */
export interface CachedCheck<User extends { id: string }, Shown> {
  user: User;
  shown: Shown;
  validUntil: number;
}

export interface SessionCacheOptions {
  /** Sessions kept at most; the least recently used goes first. */
  maxEntries?: number;
  /** The longest an entry is kept, however quiet its account. */
  ttlMs?: number;
}

/**
 * The session checks of this process, by session id, held only while the account feed is live (see
 * core/changes.ts): any change of an account forgets its sessions, and a lost feed forgets everything and
 * turns the cache off until the feed is back. A check read from the database is kept only if nothing was
 * forgotten while it was read (`ticket()` before the read, `keep(ticket, …)` after), so a read that raced a
 * revocation is never kept.
 */
export function createSessionCache<User extends { id: string }, Shown>({
  maxEntries = 10_000,
  ttlMs = 60_000,
}: SessionCacheOptions = {}) {
  type Entry = CachedCheck<User, Shown>;
  const entries = new Map<string, Entry>();
  const sessionsOfUser = new Map<string, Set<string>>();
  /** Accounts changed in a transaction not yet heard committed: read from the database until it is. */
  const held = new Map<string, number>();
  let live = false;
  let generation = 0;

  function isHeld(userId: string) {
    const until = held.get(userId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    held.delete(userId);
    return false;
  }

  function drop(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ofUser = sessionsOfUser.get(entry.user.id);
    ofUser?.delete(sessionId);
    if (ofUser?.size === 0) sessionsOfUser.delete(entry.user.id);
  }

  function forget(userId: string) {
    generation++;
    for (const sessionId of sessionsOfUser.get(userId) ?? []) entries.delete(sessionId);
    sessionsOfUser.delete(userId);
  }

  function clear() {
    generation++;
    entries.clear();
    sessionsOfUser.clear();
  }

  return {
    /** The cached check of a session, if it is still valid at `nowMs`. */
    get(sessionId: string, nowMs: number): Entry | undefined {
      if (!live) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.validUntil <= nowMs || isHeld(entry.user.id)) {
        drop(sessionId);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      return entry;
    },
    /** Taken before reading a session from the database. */
    ticket: () => generation,
    /**
     * Keeps a check read since `ticket` (until its `validUntil` at the latest), unless something was
     * forgotten meanwhile or the feed is down.
     */
    keep(ticket: number, sessionId: string, entry: Entry, nowMs: number) {
      if (!live || ticket !== generation || isHeld(entry.user.id)) return;
      drop(sessionId);
      entries.set(sessionId, { ...entry, validUntil: Math.min(entry.validUntil, nowMs + ttlMs) });
      const ofUser = sessionsOfUser.get(entry.user.id) ?? new Set();
      ofUser.add(sessionId);
      sessionsOfUser.set(entry.user.id, ofUser);
      if (entries.size > maxEntries) drop(entries.keys().next().value as string);
    },
    /**
     * An account is being changed inside a transaction that commits later (another module's): this process
     * reads it from the database until the change is heard (or, rolled back, for the time to live).
     */
    hold(userId: string) {
      held.set(userId, Date.now() + ttlMs);
      forget(userId);
    },
    /** An account changed (its change is heard committed): its sessions are read again. */
    forgetUser(userId: string) {
      held.delete(userId);
      forget(userId);
    },

    /** The feed went down (forget all, serve nothing) or came back (serve again, from empty). */
    setLive(isLive: boolean) {
      clear();
      live = isLive;
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache<User extends { id: string }, Shown> = ReturnType<
  typeof createSessionCache<User, Shown>
>;
