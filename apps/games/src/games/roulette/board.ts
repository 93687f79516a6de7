import { ROULETTE_RED_NUMBERS, rouletteColor } from '@paws/contracts/studio-constants';

import { h } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import {
  betKey,
  cellOf,
  hitTest,
  type InsideHit,
  type OutsideTarget,
  straightBet,
  toTable,
} from './layout.ts';

export type Target = InsideHit | OutsideTarget;

/**
 * The betting board: the 37 numbers (a click is hit-tested to the inside bet under it: straight, split,
 * street, corner, line) and the outside bets, laid out across a wide screen or down a narrow one.
 */
export function createBoard(place: (target: Target) => void) {
  const inside = h('div', { class: 'rt-inside', role: 'group', 'aria-label': tr('Numbers') });
  const chipLayer = h('div', { class: 'rt-chiplayer' });
  const numberCells = new Map<number, HTMLElement>();
  // Every number is a real button (keyboard, screen readers: a straight bet); a pointer's tap is hit-tested
  // below, so a tap on a border still bets the split, street or corner under the finger.
  const numberButton = (n: number, attrs: Record<string, unknown>, label: HTMLElement | string) =>
    h(
      'button',
      { type: 'button', 'aria-label': tr('Bet on {target}', { target: n }), dataset: { n }, ...attrs },
      label,
    );
  const zero = numberButton(0, { class: 'rt-num rt-num--green rt-zero' }, '0');
  numberCells.set(0, zero);
  inside.append(zero);
  for (let n = 1; n <= 36; n++) {
    const { street, column } = cellOf(n);
    const cell = numberButton(
      n,
      {
        class: `rt-num rt-num--${rouletteColor(n)}`,
        style: { '--s': street + 2, '--c': column + 1, '--h': 3 - column },
      },
      h('span', null, String(n)),
    );
    numberCells.set(n, cell);
    inside.append(cell);
  }
  inside.append(chipLayer);

  const outsideSpots = new Map<string, HTMLButtonElement>();
  const outsideBtn = (target: OutsideTarget, label: string, cls = '') => {
    const b = h(
      'button',
      {
        type: 'button',
        class: `rt-out ${cls}`,
        // Red and black show a colour, no text; every spot's name says the bet ('Bet on red').
        'aria-label': tr('Bet on {target}', { target: outsideName(target) }),
        onclick: () => place(target),
      },
      h('span', { class: 'rt-out__label' }, label),
    );
    b.addEventListener('pointerenter', () => preview(outsideNumbers(target)));
    b.addEventListener('pointerleave', () => preview([]));
    outsideSpots.set(betKey(target), b);
    return b;
  };
  const columns = h(
    'div',
    { class: 'rt-columns' },
    ([3, 2, 1] as const).map((c) => outsideBtn({ type: 'column', column: c }, '2:1', `rt-col rt-col--${c}`)),
  );
  const dozens = h(
    'div',
    { class: 'rt-dozens' },
    ([1, 2, 3] as const).map((d) =>
      outsideBtn({ type: 'dozen', dozen: d }, tr(['1st 12', '2nd 12', '3rd 12'][d - 1] as string)),
    ),
  );
  const evens = h(
    'div',
    { class: 'rt-evens' },
    outsideBtn({ type: 'low' }, '1–18'),
    outsideBtn({ type: 'even' }, tr('Even')),
    outsideBtn({ type: 'red' }, '', 'rt-out--red'),
    outsideBtn({ type: 'black' }, '', 'rt-out--black'),
    outsideBtn({ type: 'odd' }, tr('Odd')),
    outsideBtn({ type: 'high' }, '19–36'),
  );
  const layout = h(
    'div',
    { class: 'rt-layout' },
    h('div', { class: 'rt-grid' }, inside, columns),
    dozens,
    evens,
  );

  const orientation = () => (layout.clientWidth >= 620 ? 'horizontal' : 'vertical');

  function tableCoords(e: PointerEvent | MouseEvent) {
    const rect = inside.getBoundingClientRect();
    const o = orientation();
    const alongLen = o === 'horizontal' ? rect.width : rect.height;
    const acrossLen = o === 'horizontal' ? rect.height : rect.width;
    const cell = alongLen / 13;
    return toTable(o, e.clientX - rect.left, e.clientY - rect.top, {
      zero: cell,
      cell,
      across: acrossLen / 3,
    });
  }
  inside.addEventListener('click', (e) => {
    // A click without a pointer (Enter, Space, a screen reader's activation) bets the focused number.
    const spot = e.detail === 0 ? (e.target as Element).closest<HTMLElement>('.rt-num') : null;
    if (spot) return place(straightBet(Number(spot.dataset.n)));
    const { u, v } = tableCoords(e);
    const hit = hitTest(u, v);
    if (hit) place(hit);
  });
  inside.addEventListener('pointermove', (e) => {
    if (e.pointerType !== 'mouse') return;
    const { u, v } = tableCoords(e);
    preview(hitTest(u, v)?.numbers ?? []);
  });
  inside.addEventListener('pointerleave', () => preview([]));

  function preview(numbers: number[]) {
    for (const [n, el] of numberCells) el.classList.toggle('rt-num--hover', numbers.includes(n));
  }

  function outsideNumbers(t: OutsideTarget): number[] {
    const all = Array.from({ length: 36 }, (_, i) => i + 1);
    switch (t.type) {
      case 'dozen':
        return all.filter((n) => Math.ceil(n / 12) === t.dozen);
      case 'column':
        return all.filter((n) => ((n - 1) % 3) + 1 === t.column);
      case 'red':
        return [...ROULETTE_RED_NUMBERS];
      case 'black':
        return all.filter((n) => !ROULETTE_RED_NUMBERS.includes(n));
      case 'odd':
        return all.filter((n) => n % 2 === 1);
      case 'even':
        return all.filter((n) => n % 2 === 0);
      case 'low':
        return all.filter((n) => n <= 18);
      case 'high':
        return all.filter((n) => n >= 19);
    }
  }

  return { layout, chipLayer, numberCells, outsideSpots, orientation };
}

/** An outside bet in words, for its spot's name ('Bet on red', 'Bet on column 1, 2:1'). */
function outsideName(t: OutsideTarget): string {
  switch (t.type) {
    case 'dozen':
      return tr(['1st 12', '2nd 12', '3rd 12'][t.dozen - 1] as string);
    case 'column':
      return tr('column {n}, 2:1', { n: t.column });
    case 'low':
      return '1–18';
    case 'high':
      return '19–36';
    default:
      return tr(t.type);
  }
}
