/** Playing cards drawn in HTML/CSS from codes like `Ah`, `Td` (face down when the code is null). */
import { h } from './dom.ts';
import { tr } from './i18n.ts';
import { paw } from './icons.ts';

const SUITS: Record<string, { glyph: string; red: boolean; name: string }> = {
  c: { glyph: '♣', red: false, name: 'clubs' },
  d: { glyph: '♦', red: true, name: 'diamonds' },
  h: { glyph: '♥', red: true, name: 'hearts' },
  s: { glyph: '♠', red: false, name: 'spades' },
};
const RANKS: Record<string, string> = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
const RANK_NAMES: Record<string, string> = { T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };

export function cardLabel(code: string): string {
  const suit = SUITS[code[1] ?? ''];
  const rank = code[0] ?? '';
  return tr('{rank} of {suit}', { rank: tr(RANK_NAMES[rank] ?? rank), suit: tr(suit?.name ?? '') });
}

export function renderCard(code: string | null, opts: { delay?: number; small?: boolean } = {}): HTMLElement {
  const style = opts.delay ? { '--deal-delay': `${opts.delay}ms` } : undefined;
  if (!code) {
    return h(
      'div',
      {
        class: `card card--back${opts.small ? ' card--small' : ''}`,
        style,
        'aria-label': tr('Face-down card'),
        role: 'img',
      },
      h('span', { class: 'card__paw' }, paw(40)),
    );
  }
  const suit = SUITS[code[1] ?? ''] ?? { glyph: '?', red: false, name: '' };
  const rank = RANKS[code[0] ?? ''] ?? code[0] ?? '?';
  const face = code[0] === 'J' || code[0] === 'Q' || code[0] === 'K';
  return h(
    'div',
    {
      class: `card${suit.red ? ' card--red' : ''}${face ? ' card--face' : ''}${opts.small ? ' card--small' : ''}`,
      style,
      role: 'img',
      'aria-label': cardLabel(code),
      dataset: { card: code },
    },
    h('span', { class: 'card__corner' }, h('b', null, rank), h('i', null, suit.glyph)),
    h(
      'span',
      { class: 'card__pip' },
      face ? h('span', { class: 'card__royal' }, rank, h('i', null, suit.glyph)) : suit.glyph,
    ),
    h('span', { class: 'card__corner card__corner--flip' }, h('b', null, rank), h('i', null, suit.glyph)),
  );
}
