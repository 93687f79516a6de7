import { describe, expect, it } from 'vitest';
import { groupsChangedBy } from './live-refresh';

describe('live notifications refresh the data they changed (issue 31)', () => {
  it('a paid-out withdrawal refreshes the balance and the history', () => {
    expect(groupsChangedBy({ messageKey: 'payment.withdrawPaid', category: 'FINANCIAL' })).toEqual([
      'notifications',
      'user-data',
      'deposit-transactions',
    ]);
  });

  it('a verification result refreshes the user data (the badge)', () => {
    for (const messageKey of ['verification.approved', 'verification.declinedReason']) {
      expect(groupsChangedBy({ messageKey, category: 'SECURITY' })).toContain('user-data');
    }
  });

  it('an adjustment, a bonus and a restriction refresh what they change; a ticket reply the tickets', () => {
    expect(groupsChangedBy({ messageKey: 'wallet.adjustmentCredit', category: 'FINANCIAL' })).toContain(
      'deposit-transactions',
    );
    expect(groupsChangedBy({ messageKey: 'bonus.credited', category: 'FINANCIAL' })).toContain('bonuses');
    expect(groupsChangedBy({ messageKey: 'account.restricted', category: 'SECURITY' })).toContain(
      'user-data',
    );
    expect(groupsChangedBy({ messageKey: 'ticket.replied', category: 'SYSTEM' })).toEqual([
      'notifications',
      'tickets',
    ]);
  });

  it('a broadcast changes only the notifications; an old financial row without a key still the money', () => {
    expect(groupsChangedBy({ messageKey: null, category: 'ADVERTISING' })).toEqual(['notifications']);
    expect(groupsChangedBy({ messageKey: null, category: 'FINANCIAL' })).toEqual([
      'notifications',
      'user-data',
      'deposit-transactions',
    ]);
  });
});
