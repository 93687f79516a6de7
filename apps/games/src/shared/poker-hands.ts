// Kept apart from verify-link.ts (which needs zod) so the video-poker page loads without it.
import { tr } from './i18n.ts';

const HAND_NAMES: Record<string, string> = {
  royalFlush: 'Royal flush',
  straightFlush: 'Straight flush',
  fourOfAKind: 'Four of a kind',
  fullHouse: 'Full house',
  flush: 'Flush',
  straight: 'Straight',
  threeOfAKind: 'Three of a kind',
  twoPair: 'Two pair',
  jacksOrBetter: 'Jacks or better',
  nothing: 'No win',
};
export const pokerHandName = (hand: string) => tr(HAND_NAMES[hand] ?? hand);
