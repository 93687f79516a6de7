/**
 * The frame every game page shares: top bar (title, balance, history, fairness, rules, sound), the
 * session bootstrap, the balance that follows every round (and is posted to the host page), and
 * the panels: rules & paytable, provably fair seeds, round history.
 */
import { GAME_FRAME_BALANCE, type GameFrameMessage, hostOriginOf } from '@paws/contracts/game-frame';
import type { Fairness } from '@paws/contracts/studio';
import {
  type StudioApiGameCode,
  type StudioRound,
  studioBalanceResponseSchema,
  studioFairnessResponseSchema,
  studioGameInfoResponseSchema,
  studioRotateRequestSchema,
  studioRotateResponseSchema,
  studioRoundsResponseSchema,
} from '@paws/contracts/studio-api';
import { ApiError, firstIssue, type StoredSession, StudioApi } from './api.ts';
import { h, mount } from './dom.ts';
import { type GameMeta, gameMeta } from './games.ts';
import { locale, tr, trGame } from './i18n.ts';
import { icons } from './icons.ts';
import { formatCents, formatMoney } from './money.ts';
import { Sound } from './sound.ts';
import { openDialog, toast } from './ui.ts';
import { roundSummary, verifyHref } from './verify-link.ts';

export interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  lastNonce: number | null;
}

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

export interface GameContext {
  meta: GameMeta;
  api: StudioApi;
  session: StoredSession | null;
  online: boolean;
  wallet: Wallet;
  sound: Sound;
  stage: HTMLElement;
  controls: HTMLElement;
  fairness: Fairness | null;
  /** Record a finished (or progressing) round: balance, fairness nonce, host page. */
  afterRound(round: StudioRound, balance: number): void;
  setBalance(balance: number): void;
  /** Ask the server for the balance (after a failed round that was previewed). */
  refreshBalance(): Promise<void>;
  /** Show an error from a call (toasts the server's message, e.g. 'Insufficient funds'). */
  fail(error: unknown): void;
  /** Ask the player to open the game from the lobby (offline page). */
  requireOnline(): boolean;
  /** Replace the fairness dialog's content (the live table has its own seed). */
  fairnessOverride: (() => Node) | null;
}

const revealedKey = (game: string) => `paws-studio:revealed:${game}`;

export async function startGame(
  code: StudioApiGameCode,
  render: (ctx: GameContext) => void | Promise<void>,
): Promise<GameContext> {
  const meta = gameMeta(code);
  document.title = `${tr(meta.title)} · PAWS Studio`;
  document.body.classList.add(`game-${code}`);
  const api = new StudioApi({ game: code });
  const sound = new Sound();
  const wallet = new Wallet();
  const stage = h('main', { class: 'stage', id: 'stage' });
  const controls = h('footer', { class: 'controls', id: 'controls' });

  const soundBtn = h('button', {
    class: 'icon-btn',
    type: 'button',
    'aria-label': tr('Sound'),
    'aria-pressed': String(sound.enabled),
    onclick: () => sound.toggle(),
  });
  const paintSound = (on: boolean) => {
    mount(soundBtn, on ? icons.soundOn() : icons.soundOff());
    soundBtn.setAttribute('aria-pressed', String(on));
    soundBtn.title = on ? tr('Sound on') : tr('Sound off');
  };
  paintSound(sound.enabled);
  sound.listeners.add(paintSound);

  const ctx: GameContext = {
    meta,
    api,
    session: null,
    online: false,
    wallet,
    sound,
    stage,
    controls,
    fairness: null,
    fairnessOverride: null,
    afterRound(round, balance) {
      ctx.setBalance(balance);
      if (ctx.fairness && round.serverSeedHash === ctx.fairness.serverSeedHash) {
        ctx.fairness = { ...ctx.fairness, nonce: Math.max(ctx.fairness.nonce, round.nonce + 1) };
      }
    },
    setBalance(balance) {
      wallet.set(balance);
      api.remember({ balance });
    },
    async refreshBalance() {
      if (!ctx.online) return;
      try {
        const res = await api.request('GET', '/balance', undefined, studioBalanceResponseSchema);
        wallet.set(res.balance, res.currency);
        api.remember({ balance: res.balance });
      } catch {
        /* keep what is shown */
      }
    },
    fail(error) {
      const message = error instanceof Error ? tr(error.message) : tr('Something went wrong');
      toast(message, 'error');
      if (error instanceof ApiError && error.message === 'Insufficient funds') sound.lose();
    },
    requireOnline() {
      if (ctx.online) return true;
      toast(tr('Open this game from the casino lobby to play for real.'), 'info');
      return false;
    },
  };

  const header = h(
    'header',
    { class: 'topbar' },
    h(
      'a',
      { class: 'topbar__brand', href: './index.html', title: 'PAWS Studio' },
      h('span', { class: 'topbar__logo', 'aria-hidden': 'true' }, meta.glyph),
      h('span', { class: 'topbar__title' }, tr(meta.title)),
    ),
    wallet.el,
    h(
      'nav',
      { class: 'topbar__tools' },
      h(
        'button',
        {
          class: 'icon-btn',
          type: 'button',
          'aria-label': tr('History'),
          title: tr('History'),
          onclick: () => openHistory(ctx),
        },
        icons.history(),
      ),
      h(
        'button',
        {
          class: 'icon-btn',
          type: 'button',
          'aria-label': tr('Provably fair'),
          title: tr('Provably fair'),
          onclick: () => openFairness(ctx),
        },
        icons.shield(),
      ),
      h(
        'button',
        {
          class: 'icon-btn',
          type: 'button',
          'aria-label': tr('Rules and paytable'),
          title: tr('Rules and paytable'),
          onclick: () => openRules(ctx),
        },
        icons.info(),
      ),
      soundBtn,
    ),
  );
  const banner = h('div', { class: 'banner', hidden: true });
  const app = h('div', { class: 'app' }, header, banner, stage, controls);
  document.getElementById('app')?.replaceWith(app);
  if (!app.isConnected) document.body.append(app);

  api.onExpired = () => {
    ctx.online = false;
    banner.hidden = false;
    banner.textContent = tr('Your game session has ended. Close the game and open it again from the lobby.');
  };

  try {
    const session = await api.start();
    if (session) {
      ctx.session = session;
      ctx.online = true;
      ctx.fairness = session.fairness;
      wallet.setHostOrigin(session.hostOrigin);
      wallet.set(session.balance, session.currency);
      void ctx.refreshBalance();
      // The stored copy may be old (a reload): refresh balance and seeds.
      api
        .request('GET', '/fairness', undefined, studioFairnessResponseSchema)
        .then((f) => {
          ctx.fairness = f;
        })
        .catch(() => undefined);
    } else {
      banner.hidden = false;
      banner.textContent = tr('Demo view — open this game from the casino lobby to play with your balance.');
    }
  } catch (error) {
    banner.hidden = false;
    banner.textContent =
      error instanceof ApiError && error.statusCode !== 0
        ? tr('{message}. Open the game again from the lobby.', { message: tr(error.message) })
        : tr('Could not reach the game server. Open the game again from the lobby.');
  }
  await render(ctx);
  document.body.dataset.ready = 'true';
  return ctx;
}

/* Rules & paytable */

async function openRules(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(
    tr('{game} — rules & paytable', { game: tr(ctx.meta.title) }),
    h('div', { class: 'spinner' }),
  );
  try {
    const info = await ctx.api.request(
      'GET',
      `/games/${ctx.meta.code}/info`,
      undefined,
      studioGameInfoResponseSchema,
      false,
    );
    mount(
      dialog.body,
      h(
        'p',
        { class: 'rtp' },
        h('span', { class: 'rtp__badge' }, `RTP ${info.rtp.toFixed(2)}%`),
        ' ',
        trGame(ctx.meta.code, info.rtpNote),
      ),
      h('h3', null, tr('Rules')),
      h(
        'ul',
        { class: 'rules' },
        info.rules.map((r) => h('li', null, trGame(ctx.meta.code, r))),
      ),
      info.paytable.map((t) =>
        h(
          'div',
          { class: 'paytable' },
          h('h3', null, trGame(ctx.meta.code, t.title)),
          h(
            'div',
            { class: 'paytable__scroll' },
            h(
              'table',
              null,
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  t.columns.map((c) => h('th', null, trGame(ctx.meta.code, c))),
                ),
              ),
              h(
                'tbody',
                null,
                t.rows.map((row) =>
                  h(
                    'tr',
                    null,
                    row.map((c) => h('td', null, trGame(ctx.meta.code, c))),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  } catch (error) {
    mount(
      dialog.body,
      h(
        'p',
        { class: 'muted' },
        error instanceof Error ? tr(error.message) : tr('Could not load the rules.'),
      ),
    );
  }
}

/* Provably fair */

export function readRevealed(game: string): Revealed | null {
  try {
    const raw = localStorage.getItem(revealedKey(game));
    return raw ? (JSON.parse(raw) as Revealed) : null;
  } catch {
    return null;
  }
}

function openFairness(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(tr('Provably fair'));
  const paint = () =>
    mount(dialog.body, ctx.fairnessOverride ? ctx.fairnessOverride() : fairnessBody(ctx, paint));
  paint();
}

function seedRow(label: string, value: string, mono = true) {
  return h(
    'div',
    { class: 'seed' },
    h('span', { class: 'seed__label' }, label),
    h('code', { class: mono ? 'seed__value' : '' }, value),
  );
}

function fairnessBody(ctx: GameContext, repaint: () => void): Node {
  const f = ctx.fairness;
  const revealed = readRevealed(ctx.meta.code);
  const intro = h(
    'p',
    { class: 'muted' },
    tr(
      'Every round is drawn from HMAC-SHA256(server seed, client seed:nonce). You see the server seed’s SHA-256 before you play; rotating the seed reveals it so you can check every round played with it.',
    ),
  );
  if (!f || !ctx.online) {
    return h(
      'div',
      null,
      intro,
      h('p', null, tr('Open the game from the lobby to see your seeds.')),
      verifyLink(),
    );
  }
  const input = h('input', {
    class: 'field__input',
    value: f.clientSeed,
    maxlength: 64,
    'aria-label': tr('Client seed'),
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const error = h('p', { class: 'field__error', role: 'alert' });
  const rotate = async (withSeed: boolean) => {
    const body = withSeed ? { clientSeed: input.value } : {};
    const check = studioRotateRequestSchema.safeParse(body);
    if (!check.success) {
      error.textContent = tr(firstIssue(check.error));
      return;
    }
    try {
      const res = await ctx.api.request('POST', '/fairness/rotate', body, studioRotateResponseSchema);
      ctx.fairness = res.next;
      localStorage.setItem(revealedKey(ctx.meta.code), JSON.stringify(res.revealed));
      ctx.sound.pop();
      toast(tr('New seed pair in use. The old server seed is revealed below.'), 'info');
      repaint();
    } catch (e) {
      error.textContent = e instanceof Error ? tr(e.message) : tr('Could not rotate');
    }
  };
  return h(
    'div',
    { class: 'fair' },
    intro,
    seedRow(tr('Server seed (SHA-256)'), f.serverSeedHash),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'seed__label' }, tr('Client seed')),
      h(
        'div',
        { class: 'field__row' },
        input,
        h('button', { class: 'btn btn--ghost', type: 'button', onclick: () => rotate(true) }, tr('Change')),
      ),
    ),
    error,
    seedRow(tr('Next nonce'), String(f.nonce), false),
    h(
      'button',
      { class: 'btn btn--primary btn--block', type: 'button', onclick: () => rotate(false) },
      tr('Rotate server seed'),
    ),
    revealed
      ? h(
          'div',
          { class: 'fair__revealed' },
          h('h3', null, tr('Last revealed seed pair')),
          seedRow(tr('Server seed'), revealed.serverSeed),
          seedRow(tr('Its SHA-256'), revealed.serverSeedHash),
          seedRow(tr('Client seed'), revealed.clientSeed, false),
          seedRow(
            tr('Rounds played'),
            revealed.lastNonce === null ? tr('none') : tr('nonces 0–{last}', { last: revealed.lastNonce }),
            false,
          ),
          h(
            'a',
            {
              class: 'btn btn--ghost btn--block',
              href: verifyHref({
                game: ctx.meta.code,
                serverSeed: revealed.serverSeed,
                clientSeed: revealed.clientSeed,
                nonce: revealed.lastNonce ?? 0,
              }),
              target: '_blank',
              rel: 'noopener',
            },
            tr('Verify a round'),
          ),
        )
      : null,
    verifyLink(),
  );
}

const verifyLink = () =>
  h(
    'p',
    { class: 'muted small' },
    tr('Check any round yourself on the '),
    h('a', { href: './verify.html', target: '_blank', rel: 'noopener' }, tr('verify page')),
    tr('.'),
  );

/* History */

async function openHistory(ctx: GameContext) {
  ctx.sound.click();
  const dialog = openDialog(tr('Your rounds'), h('div', { class: 'spinner' }));
  if (!ctx.online) {
    mount(dialog.body, h('p', { class: 'muted' }, tr('Open the game from the lobby to see your rounds.')));
    return;
  }
  try {
    const { rounds } = await ctx.api.request(
      'GET',
      `/rounds?game=${encodeURIComponent(ctx.meta.code)}&limit=30`,
      undefined,
      studioRoundsResponseSchema,
    );
    if (rounds.length === 0) {
      mount(dialog.body, h('p', { class: 'muted' }, tr('No rounds yet. Good luck!')));
      return;
    }
    const currency = ctx.wallet.currency;
    mount(
      dialog.body,
      h(
        'ul',
        { class: 'history' },
        rounds.map((r) =>
          h(
            'li',
            { class: `history__item${r.payout > r.stake ? ' history__item--win' : ''}` },
            h(
              'div',
              { class: 'history__main' },
              h('strong', null, roundSummary(r)),
              h(
                'span',
                { class: 'muted small' },
                `${new Date(r.createdAt).toLocaleString(locale())} · ${tr('nonce {nonce}', { nonce: r.nonce })}`,
              ),
            ),
            h(
              'div',
              { class: 'history__money' },
              h(
                'span',
                { class: 'muted small' },
                tr('Bet {amount}', { amount: formatCents(r.stake, currency) }),
              ),
              h(
                'strong',
                { class: r.payout > 0 ? 'win' : '' },
                r.finished ? formatCents(r.payout, currency) : tr('in play'),
              ),
              r.serverSeed
                ? h(
                    'a',
                    { class: 'small', href: verifyHref(r), target: '_blank', rel: 'noopener' },
                    tr('Verify'),
                  )
                : h(
                    'span',
                    { class: 'muted small', title: tr('Rotate the seed to reveal it') },
                    tr('seed hidden'),
                  ),
            ),
          ),
        ),
      ),
    );
  } catch (error) {
    mount(
      dialog.body,
      h('p', { class: 'muted' }, error instanceof Error ? tr(error.message) : tr('Could not load rounds')),
    );
  }
}
