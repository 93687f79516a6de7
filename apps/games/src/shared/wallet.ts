import { GAME_FRAME_BALANCE, type GameFrameMessage, hostOriginOf } from '@paws/contracts/game-frame';
import { h, mount } from './dom.ts';
import { tr } from './i18n.ts';
import { formatMoney } from './money.ts';

/**
 * The balance on screen; every change is posted to the platform's game screen, at its exact origin
 * (the studio-confirmed `hostOrigin` of the session), never to '*'. Until the origin is known
 * nothing is posted.
 */
export class Wallet {
  currency = 'USD';
  balance: number | null = null;
  readonly el = h('div', { class: 'balance', 'aria-live': 'polite' });
  readonly #target: Pick<Window, 'postMessage'> | null;
  #hostOrigin: string | null = null;
  #posted: string | null = null;
  constructor(
    target: Pick<Window, 'postMessage'> | null = typeof window !== 'undefined' && window.parent !== window
      ? window.parent
      : null,
  ) {
    this.#target = target;
    this.#render();
  }
  /** The host page's origin as the studio confirmed it (null: post nothing). */
  setHostOrigin(origin: string | null) {
    this.#hostOrigin = hostOriginOf(origin);
    this.#posted = null;
    this.#post();
  }
  set(balance: number, currency = this.currency) {
    this.balance = balance;
    this.currency = currency;
    this.#render();
    this.#post();
  }
  #post() {
    if (!this.#target || !this.#hostOrigin || this.balance === null) return;
    const key = `${this.currency}:${this.balance}`;
    if (key === this.#posted) return;
    this.#posted = key;
    const message: GameFrameMessage = {
      type: GAME_FRAME_BALANCE,
      currency: this.currency,
      balance: this.balance,
    };
    this.#target.postMessage(message, this.#hostOrigin);
  }
  /** Show a balance with the stake already taken off while the round plays out (not posted: not the server's figure). */
  preview(balance: number) {
    this.balance = balance;
    this.#render();
  }
  #render() {
    mount(
      this.el,
      h(
        'span',
        { class: 'balance__label' },
        this.currency === 'USD' ? tr('Balance') : tr(this.currency.replace('_', ' ')),
      ),
      h(
        'strong',
        { class: 'balance__value' },
        this.balance === null ? '—' : formatMoney(this.balance, this.currency),
      ),
    );
  }
}
