import type { Uses } from '../../core/module.ts';

/** The other modules' services the back office composes: its areas are handed these, nothing else. */
export const backOfficeUses = [
  'identity',
  'playerNotes',
  'audit',
  'wallet',
  'balanceAdjustments',
  'payments',
  'kyc',
  'bonuses',
  'notifications',
  'news',
  'reports',
  'reconciliation',
  'tickets',
  'ticketDesk',
  'staff',
  'staffAuth',
  'staffMembers',
  'staffSavedFilters',
  'rateLimiting',
  'responsibleGaming',
] as const;

export type BackOfficeDeps = Uses<(typeof backOfficeUses)[number]>;

/** What every area's routes are registered with. */
export interface AreaOptions {
  deps: BackOfficeDeps;
}
