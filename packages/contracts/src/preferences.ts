import { z } from 'zod';

/** My Preferences (spec 001 §2 /profile/account), stored server-side (platform service). */

export const gameTypes = ['liveRoulette', 'blackjack', 'poker', 'baccarat', 'loto', 'slots'] as const;
export type GameType = (typeof gameTypes)[number];

/** Not given by the spec: the product's own wording. */
export const preferencesMessages = {
  gameTypes: 'gameTypes must be a list of game types',
  gameType: `Game type must be one of ${gameTypes.join(', ')}`,
  duplicate: 'Each game type may be chosen once',
} as const;

/** PUT /profile/preferences, and the answer of GET and PUT. */
export const preferencesSchema = z.object({
  gameTypes: z
    .array(z.enum(gameTypes, { error: preferencesMessages.gameType }), {
      error: preferencesMessages.gameTypes,
    })
    .refine((list) => new Set(list).size === list.length, { error: preferencesMessages.duplicate }),
});
export type Preferences = z.infer<typeof preferencesSchema>;
