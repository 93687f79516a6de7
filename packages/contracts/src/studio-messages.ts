/** The studio's validation messages, one place for the game pages and the server to show the same words. */
export const studioMessages = {
  amountPlaces: 'Amount must have at most 2 decimal places',
  stakeMin: 'Stake must be at least 0.01',
  stakeMax: 'Stake is too large',
  serverSeed: 'Server seed must be 64 lowercase hex characters',
  clientSeedRequired: 'Client seed is required',
  clientSeedMax: 'Client seed must be at most 64 characters',
  clientSeedPattern: 'Client seed may only contain printable characters (letters, digits, symbols, spaces)',
  clientSeedSpaces: 'Client seed must not start or end with a space',
  rouletteLayout: 'These numbers do not form that bet on the table',
  rouletteNoBets: 'Place at least one bet',
  baccaratNoBets: 'Place at least one bet',
  kenoDistinct: 'Pick each number once',
  slotStakeStep: 'Stake must be a multiple of 0.20 (20 lines)',
} as const;
