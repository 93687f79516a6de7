/** Links from a round (or a revealed seed pair) to the verify page, with its input filled in. */
import './zod-setup.ts';
import { type StudioRound, studioRoundSchema } from '@paws/contracts/studio-api';
import { z } from 'zod';
import { tr } from './i18n.ts';
import { formatCents } from './money.ts';
import { pokerHandName } from './poker-hands.ts';
import { type SeedPair, seedPairVerifyHref, verifyParams } from './verify-href.ts';

/** The fragment key that carries the recorded round (as GET /rounds answered it) to the verify page. */
export const RECORDED_ROUND_KEY = 'round';

const dollars = (cents: number) => cents / 100;

/** What the player did in a round, as the verify request's `input` (dollars). */
export function verifyInput(round: StudioRound): unknown {
  switch (round.game) {
    case 'european-roulette':
      return undefined;
    case 'blackjack': {
      const first = round.result.hands[0];
      const amount = first ? dollars(first.doubled ? first.stake / 2 : first.stake) : dollars(round.stake);
      return { bet: { amount }, actions: round.actions };
    }
    case 'baccarat':
      return { bet: Object.fromEntries(round.result.bets.map((b) => [b.spot, dollars(b.stake)])) };
    case 'video-poker':
      return { bet: { amount: dollars(round.result.stake) }, held: round.result.held };
    case 'wild-paws':
      return {
        bet:
          round.result.fund === 'freeSpin'
            ? { fund: 'freeSpin' }
            : { fund: 'cash', stake: dollars(round.result.stake) },
      };
    case 'loto':
      return { bet: { picks: round.result.picks, amount: dollars(round.stake) } };
  }
}

export function verifyHref(source: StudioRound | SeedPair): string {
  if (!('id' in source)) return seedPairVerifyHref(source);
  const params = verifyParams(source, verifyInput(source));
  params.set('serverSeedHash', source.serverSeedHash);
  // The recorded round rides in the fragment: the page compares its own result with it, and a
  // fragment never reaches a server.
  const recorded = new URLSearchParams({
    [RECORDED_ROUND_KEY]: JSON.stringify(z.encode(studioRoundSchema, source)),
  });
  return `./verify.html?${params}#${recorded}`;
}

/** The recorded round a verify page address carries, checked against the contract (cents), or null. */
export function recordedRoundOf(hash: string): StudioRound | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get(RECORDED_ROUND_KEY);
  if (!raw) return null;
  try {
    const parsed = studioRoundSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export { pokerHandName };

/** One line describing a round for the history list. */
export function roundSummary(round: StudioRound): string {
  switch (round.game) {
    case 'european-roulette':
      return round.result
        ? tr('Number {number} ({color})', { number: round.result.number, color: tr(round.result.color) })
        : tr('Waiting for the spin');
    case 'blackjack': {
      const r = round.result;
      const hands = r.hands
        .map((hand) => `${hand.total}${hand.outcome ? ` ${tr(hand.outcome)}` : ''}`)
        .join(', ');
      return tr('Dealer {dealer} · you {hands}', { dealer: r.dealer.total, hands });
    }
    case 'baccarat':
      return tr('{winner} wins {high}–{low}', {
        winner: tr(`${round.result.winner[0]?.toUpperCase()}${round.result.winner.slice(1)}`),
        high: Math.max(round.result.playerTotal, round.result.bankerTotal),
        low: Math.min(round.result.playerTotal, round.result.bankerTotal),
      });
    case 'video-poker':
      return pokerHandName(round.result.hand);
    case 'wild-paws': {
      const r = round.result;
      const free = r.featureSpins.length
        ? ` · ${tr('{count} free spins', { count: r.featureSpins.length })}`
        : '';
      return `${r.fund === 'freeSpin' ? tr('Free spin') : tr('Spin {amount}', { amount: formatCents(r.stake) })}${free}`;
    }
    case 'loto':
      return tr('{hits} of {picks} hit · ×{multiplier}', {
        hits: round.result.hits.length,
        picks: round.result.picks.length,
        multiplier: round.result.multiplier,
      });
  }
}
