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
