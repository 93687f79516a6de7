import { rouletteColor } from '@paws/contracts/studio';
import { renderCard } from '../shared/cards.ts';
import { h } from '../shared/dom.ts';
import { formatCents } from '../shared/money.ts';
import { pokerHandName } from '../shared/verify-link.ts';
import type { Recomputed } from '../shared/verify-round.ts';

/** A recomputed round in words and pictures: the number, the cards, the drawn balls, the reels. */
export function describeOutcome(result: Recomputed['result']): Node {
  const r = result as Record<string, unknown>;
  if ('number' in r && typeof r.number === 'number') {
    return h(
      'p',
      null,
      h(
        'span',
        {
          class: `rt-dot rt-dot--${rouletteColor(r.number)}`,
          style: { display: 'inline-grid', width: '40px', height: '40px', 'font-size': '18px' },
        },
        String(r.number),
      ),
      ` ${rouletteColor(r.number)}, round #${String(r.roundNumber)}`,
    );
  }
  if ('playerCards' in r) {
    const b = result as {
      playerCards: string[];
      bankerCards: string[];
      playerTotal: number;
      bankerTotal: number;
      winner: string;
      totalPayout: number;
    };
    return h(
      'div',
      null,
      h('p', null, `Player ${b.playerTotal}`),
      h(
        'div',
        { class: 'verify__cards' },
        b.playerCards.map((c) => renderCard(c, { small: true })),
      ),
      h('p', null, `Banker ${b.bankerTotal}`),
      h(
        'div',
        { class: 'verify__cards' },
        b.bankerCards.map((c) => renderCard(c, { small: true })),
      ),
      h('p', null, `${b.winner} wins · payout ${formatCents(b.totalPayout)}`),
    );
  }
  if ('dealer' in r) {
    const v = result as {
      dealer: { cards: string[]; total: number };
      hands: { cards: string[]; total: number; outcome: string | null }[];
      totalPayout: number | null;
      phase: string;
    };
    return h(
      'div',
      null,
      h('p', null, `Dealer ${v.dealer.total}`),
      h(
        'div',
        { class: 'verify__cards' },
        v.dealer.cards.map((c) => renderCard(c, { small: true })),
      ),
      v.hands.map((hand, i) => [
        h('p', null, `Hand ${i + 1}: ${hand.total}${hand.outcome ? ` · ${hand.outcome}` : ''}`),
        h(
          'div',
          { class: 'verify__cards' },
          hand.cards.map((c) => renderCard(c, { small: true })),
        ),
      ]),
      h(
        'p',
        null,
        v.phase === 'finished'
          ? `Payout ${formatCents(v.totalPayout ?? 0)}`
          : 'Round not finished with these actions',
      ),
    );
  }
  if ('hand' in r && 'cards' in r) {
    const v = result as { cards: string[]; hand: string; payout: number | null };
    return h(
      'div',
      null,
      h(
        'div',
        { class: 'verify__cards' },
        v.cards.map((c) => renderCard(c, { small: true })),
      ),
      h('p', null, `${pokerHandName(v.hand)} · payout ${formatCents(v.payout ?? 0)}`),
    );
  }
  if ('drawn' in r) {
    const k = result as { drawn: number[]; hits: number[]; multiplier: number; payout: number };
    return h(
      'div',
      null,
      h(
        'div',
        { class: 'keno-drawn' },
        k.drawn.map((n) =>
          h('span', { class: `keno-ball${k.hits.includes(n) ? ' keno-ball--hit' : ''}` }, String(n)),
        ),
      ),
      h('p', null, `${k.hits.length} hits · ×${k.multiplier} · payout ${formatCents(k.payout)}`),
    );
  }
  if ('base' in r) {
    const sr = result as { base: { grid: string[][] }; featureSpins: unknown[]; totalPayout: number };
    const rows = [0, 1, 2].map((row) => sr.base.grid.map((reel) => reel[row]).join('  '));
    return h(
      'div',
      null,
      h('pre', { class: 'verify__json' }, rows.join('\n')),
      h('p', null, `${sr.featureSpins.length} free spins · total payout ${formatCents(sr.totalPayout)}`),
    );
  }
  return h('p', null, 'See the raw result below.');
}
