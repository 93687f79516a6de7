import type { PlayerProfile } from '@paws/contracts/staff-players';
import type { StaffTicketDetail, StaffTicketListItem } from '@paws/contracts/staff-tickets';
import type { TicketMessage } from '@paws/contracts/tickets';

export const ME = 'staff-me';
export const PLAYER = '0195f0e2-5a8e-7000-8000-000000000001';
export const TICKET = '0195f0e2-5a8e-7000-8000-0000000000a1';

// Whole minutes from one instant, so spans between fixture times are exact.
const base = Date.now();
const at = (minutesFromNow: number) => new Date(base + minutesFromNow * 60_000).toISOString();

export const supportMe = (permissions = ['tickets.answer', 'players.read']) => ({
  userId: ME,
  email: 'me@staff.test',
  roles: ['support'],
  permissions,
});

export function listItem(overrides: Partial<StaffTicketListItem> = {}): StaffTicketListItem {
  return {
    id: TICKET,
    status: 'CREATED',
    category: 'TECHNICAL_PROBLEM',
    createdAt: at(-95),
    subject: 'The slot froze mid spin',
    requester: { userId: PLAYER, name: 'Ann', email: 'ann@example.com', guest: false, banned: false },
    assignee: null,
    lastMessageAt: at(-95),
    lastMessage: 'The slot froze mid spin',
    lastMessageByManager: false,
    firstResponseAt: null,
    firstResponseDueAt: at(-35),
    waitingSince: at(-95),
    nextResponseDueAt: at(145),
    messageCount: 1,
    ...overrides,
  };
}

export function message(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: '0195f0e2-5a8e-7000-8000-0000000000c1',
    message: 'The slot froze mid spin',
    byManager: false,
    username: 'ann',
    linkFull: null,
    fileName: null,
    fileType: null,
    fileSize: null,
    likesCount: 0,
    likedByUser: false,
    createdAt: at(-95),
    changeStatus: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<StaffTicketDetail> = {}): StaffTicketDetail {
  return {
    ...listItem({
      status: 'IN_PROGRESS',
      assignee: { id: ME, email: 'me@staff.test' },
      firstResponseAt: at(-60),
      waitingSince: at(-10),
      nextResponseDueAt: at(230),
      messageCount: 4,
    }),
    rating: null,
    ratingText: null,
    messages: [
      message(),
      message({
        id: '0195f0e2-5a8e-7000-8000-0000000000c2',
        byManager: true,
        username: 'Support',
        message: '',
        changeStatus: 'IN_PROGRESS',
        createdAt: at(-61),
      }),
      message({
        id: '0195f0e2-5a8e-7000-8000-0000000000c3',
        byManager: true,
        username: 'Support',
        message: 'Sorry about that, which game was it?',
        createdAt: at(-60),
      }),
      message({
        id: '0195f0e2-5a8e-7000-8000-0000000000c4',
        message: 'Here is a screenshot',
        fileName: 'screen.png',
        fileType: 'image/png',
        fileSize: 2048,
        linkFull: '/api/tickets/files/0195f0e2-5a8e-7000-8000-0000000000c4',
        createdAt: at(-10),
      }),
    ],
    notes: [
      {
        id: '0195f0e2-5a8e-7000-8000-0000000000d1',
        text: 'Known provider outage this morning',
        authorId: 'staff-2',
        authorEmail: 'lead@staff.test',
        createdAt: at(-30),
      },
    ],
    playerReadMessageId: null,
    ...overrides,
  };
}

export const profile: PlayerProfile = {
  id: PLAYER,
  email: 'ann@example.com',
  phone: null,
  username: 'ann',
  role: 'player',
  staffRoles: [],
  verificationType: 'APPROVED',
  emailVerifiedAt: '2026-01-02T10:00:00.000Z',
  phoneVerifiedAt: null,
  promoCode: null,
  referralCode: null,
  avatarUrl: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastSignInAt: '2026-02-01T10:00:00.000Z',
  twoStepOn: false,
  passkeyCount: 0,
  ban: null,
  bans: [
    {
      id: 'ban-1',
      reason: 'Chargeback under review',
      startsAt: '2026-01-05T10:00:00.000Z',
      endsAt: '2026-01-06T10:00:00.000Z',
      createdBy: 'staff-2',
      createdByEmail: 'lead@staff.test',
      createdAt: '2026-01-05T10:00:00.000Z',
      liftedAt: null,
      liftedBy: null,
      liftedByEmail: null,
      liftReason: null,
      active: false,
    },
  ],
  balances: [
    { currencyCode: 'USD', amount: 125.5 },
    { currencyCode: 'PAWS', amount: 100 },
    { currencyCode: 'BONUS_USD', amount: 0 },
    { currencyCode: 'FREE_SPINS', amount: 3 },
  ],
};

export const bets = {
  items: [
    {
      roundId: 'r-1',
      providerCode: 'studio',
      providerName: 'PAWS Studio',
      gameCode: 'lucky-paws',
      currencyCode: 'USD',
      stake: 2,
      win: 0,
      rolledBack: true,
      createdAt: '2026-02-01T10:05:00.000Z',
      verifyUrl: null,
      seedRevealed: null,
    },
  ],
  total: 1,
};

export const payments = {
  items: [
    {
      id: 'pay-1',
      type: 'DEPOSIT',
      status: 'COMPLETED',
      amount: 50,
      currencyCode: 'USD',
      paymentMethod: 'CARD',
      provider: 'sandbox',
      providerReference: null,
      createdAt: '2026-02-01T09:00:00.000Z',
      updatedAt: '2026-02-01T09:00:00.000Z',
    },
  ],
  total: 1,
};

export const verifications = {
  items: [
    {
      id: 'v-1',
      provider: 'sandbox',
      status: 'FINISHED',
      result: 'APPROVED',
      submittedAt: '2026-01-03T10:00:00.000Z',
      createdAt: '2026-01-03T09:00:00.000Z',
      updatedAt: '2026-01-03T10:00:00.000Z',
      document: null,
    },
  ],
  total: 1,
};
