/** Toasts, dialogs and small shared widgets. */
import { h, mount } from './dom.ts';
import { tr } from './i18n.ts';

let toastHost: HTMLElement | null = null;

export function toast(message: string, kind: 'error' | 'info' | 'win' = 'error', ms = 3600) {
  if (!toastHost) {
    toastHost = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(toastHost);
  }
  const el = h('div', { class: `toast toast--${kind}` }, message);
  toastHost.append(el);
  requestAnimationFrame(() => el.classList.add('toast--in'));
  setTimeout(() => {
    el.classList.remove('toast--in');
    setTimeout(() => el.remove(), 300);
  }, ms);
}

export interface Dialog {
  body: HTMLElement;
  close(): void;
}

/** A sheet from the bottom on phones, a centred glass dialog on wider frames. */
export function openDialog(title: string, content?: Node): Dialog {
  const body = h('div', { class: 'dialog__body' });
  if (content) body.append(content);
  const close = () => {
    backdrop.classList.remove('dialog--in');
    document.removeEventListener('keydown', onKey);
    setTimeout(() => backdrop.remove(), 200);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  const panel = h(
    'section',
    { class: 'dialog__panel', role: 'dialog', 'aria-modal': 'true', 'aria-label': title },
    h(
      'header',
      { class: 'dialog__head' },
      h('h2', null, title),
      h('button', { class: 'icon-btn', type: 'button', 'aria-label': tr('Close'), onclick: close }, '✕'),
    ),
    body,
  );
  const backdrop = h(
    'div',
    { class: 'dialog', onclick: (e: Event) => e.target === backdrop && close() },
    panel,
  );
  document.body.append(backdrop);
  document.addEventListener('keydown', onKey);
  requestAnimationFrame(() => backdrop.classList.add('dialog--in'));
  return { body, close };
}

export function spinnerInto(el: HTMLElement) {
  mount(el, h('div', { class: 'spinner', 'aria-label': tr('Loading') }));
}

/** A − value + selector over a ladder of stakes. */
export function stakeControl(opts: {
  label: string;
  value: number;
  format: (v: number) => string;
  onStep: (direction: 1 | -1) => void;
}) {
  const value = h('output', { class: 'stake__value' }, opts.format(opts.value));
  const minus = h(
    'button',
    {
      class: 'stake__btn',
      type: 'button',
      'aria-label': tr('Lower {label}', { label: opts.label }),
      onclick: () => opts.onStep(-1),
    },
    '−',
  );
  const plus = h(
    'button',
    {
      class: 'stake__btn',
      type: 'button',
      'aria-label': tr('Raise {label}', { label: opts.label }),
      onclick: () => opts.onStep(1),
    },
    '+',
  );
  const el = h(
    'div',
    { class: 'stake' },
    h('span', { class: 'stake__label' }, opts.label),
    h('div', { class: 'stake__row' }, minus, value, plus),
  );
  return {
    el,
    set(v: number) {
      value.textContent = opts.format(v);
    },
    disable(on: boolean) {
      minus.disabled = on;
      plus.disabled = on;
    },
  };
}
