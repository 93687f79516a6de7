import type { TicketDetail, TicketListItem } from '@paws/contracts/tickets';

export const TICKET_ID = '22222222-2222-4222-8222-222222222222';

export const listItem = (overrides: Partial<TicketListItem> = {}): TicketListItem => ({
  id: TICKET_ID,
  status: 'IN_PROGRESS',
  createdAt: '2026-11-20T14:05:00.000Z',
  invocationCategory: 'TECHNICAL_PROBLEM',
  byManager: true,
  lastTicketMessage: 'Please try again now',
  unreadCount: 0,
  ...overrides,
});

export const detail = (overrides: Partial<TicketDetail> = {}): TicketDetail => ({
  id: TICKET_ID,
  status: 'IN_PROGRESS',
  createdAt: '2026-11-20T14:05:00.000Z',
  invocationCategory: 'TECHNICAL_PROBLEM',
  rating: null,
  ratingText: null,
  ...overrides,
});

/** A signed-in player's GET /profile/user-data. */
export const playerData = {
  status: 200,
  body: {
    user: {
      userId: 'u-7f3a',
      username: 'lucky_7',
      email: 'demo@paws.local',
      phone: null,
      linkMinified: null,
      linkFull: null,
      verificationType: 'APPROVED',
      isManager: false,
      role: 'player',
      emailVerified: true,
      phoneVerified: false,
      promoCode: null,
      referralCode: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    balances: [],
  },
};
