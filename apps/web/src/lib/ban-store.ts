import type { BanInfo } from '@paws/contracts/bans';
import { useSyncExternalStore } from 'react';

/**
 * The ban the server last answered with (a 403 carrying `ban`), for the banned modal (spec 001 §2). The API
 * client reports it; the modal shows it until 'Go back' clears it; the next refused call reports it again.
 */
let current: BanInfo | null = null;
const listeners = new Set<() => void>();

function set(ban: BanInfo | null) {
  current = ban;
  for (const listener of listeners) listener();
}

export const reportBan = (ban: BanInfo) => set(ban);
export const clearBan = () => set(null);
export const currentBan = () => current;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useBan(): BanInfo | null {
  return useSyncExternalStore(subscribe, currentBan, currentBan);
}

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/**
 * The ban a 403 body carries (`{ statusCode: 403, message, ban: { reason, startedAt, endsAt } }`), or null.
 * A small typed check rather than the contract's zod schema, to keep zod out of the entry chunk (its
 * compiled parsers probe for eval, which the CSP forbids).
 */
export function banOfErrorBody(body: unknown): BanInfo | null {
  const ban = (body as { ban?: Partial<BanInfo> } | null)?.ban;
  if (!ban || typeof ban.reason !== 'string' || !isDate(ban.startedAt)) return null;
  // The player's own time-out or self-exclusion (a `kind`) is no staff ban: the refused form says it, no
  // 'You are banned' modal with an appeal.
  if (ban.kind !== undefined) return null;
  if (ban.endsAt !== null && !isDate(ban.endsAt)) return null;
  return { reason: ban.reason, startedAt: ban.startedAt as string, endsAt: ban.endsAt ?? null };
}
