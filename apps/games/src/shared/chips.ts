/** The chip rack (roulette, baccarat) and chips placed on the table. */
import { h, mount } from './dom.ts';
import { tr } from './i18n.ts';
import { CHIPS, chipLabel } from './money.ts';

export function chipClass(value: number): string {
  const i = CHIPS.findIndex((c) => value <= c);
  return `chip chip--v${i < 0 ? CHIPS.length - 1 : i}`;
}

export function chipRack(initial: number, onPick: (value: number) => void) {
  const el = h('div', { class: 'chips', role: 'radiogroup', 'aria-label': tr('Chip value') });
  let current = initial;
  const paint = () =>
    mount(
      el,
      CHIPS.map((v) =>
        h(
          'button',
          {
            type: 'button',
            class: chipClass(v),
            role: 'radio',
            'aria-checked': String(v === current),
            'aria-label': tr('Chip {value}', { value: chipLabel(v) }),
            onclick: () => {
              current = v;
              paint();
              onPick(v);
            },
          },
          chipLabel(v),
        ),
      ),
    );
  paint();
  return {
    el,
    get value() {
      return current;
    },
  };
}

export function placedChip(amount: number, pending = false): HTMLElement {
  return h(
    'span',
    { class: `${chipClass(amount)} placed-chip${pending ? ' placed-chip--pending' : ''}` },
    chipLabel(amount),
  );
}
