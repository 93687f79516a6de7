/** A GET /profile/user-data reply for component tests: the demo player with the given verification state. */
export const userDataReply = (
  verificationType = 'PENDING',
  balances: { currencyCode: string; amount: number; currency: { symbol: string | null } }[] = [
    { currencyCode: 'USD', amount: 1234.5, currency: { symbol: '$' } },
    { currencyCode: 'PAWS', amount: 100, currency: { symbol: null } },
  ],
) => ({
  status: 200,
  body: {
    user: {
      userId: 'u-7f3a',
      username: 'lucky_7',
      email: 'demo@paws.local',
      phone: null,
      linkMinified: null,
      linkFull: null,
      verificationType,
      isManager: false,
      role: 'player',
      emailVerified: true,
      phoneVerified: false,
      promoCode: null,
      referralCode: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    balances,
  },
});
