/**
 * The frame every game page shares: top bar (title, balance, history, fairness, rules, sound), the
 * session bootstrap and the balance that follows every round (wallet.ts). The panels are their own
 * files: rules-panel.ts, fairness-panel.ts, history-panel.ts.
 */
import type { StudioApiGameCode } from '@paws/contracts/studio-api';
import { ApiError, StudioApi } from './api.ts';
import { h, mount } from './dom.ts';
import type { GameContext } from './game-context.ts';
import { gameMeta } from './games.ts';
import { tr } from './i18n.ts';
import { icons } from './icons.ts';
import { openRules } from './rules-panel.ts';
import { Sound } from './sound.ts';
import { toast } from './ui.ts';
import { Wallet } from './wallet.ts';

export type { GameContext } from './game-context.ts';
export type { Revealed } from './revealed.ts';
export { readRevealed } from './revealed.ts';
export { Wallet } from './wallet.ts';

export async function startGame(
  code: StudioApiGameCode,
  render: (ctx: GameContext) => void | Promise<void>,
): Promise<GameContext> {
  const meta = gameMeta(code);
  document.title = `${meta.title} · PAWS Studio`;
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
        const res = await api.request(
          'GET',
          '/balance',
          undefined,
          (schemas) => schemas.studioBalanceResponseSchema,
        );
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
      h('span', { class: 'topbar__title' }, meta.title),
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
          // The panels (and the zod they link rounds with) load on the first click, not with the game.
          onclick: () =>
            import('./history-panel.ts')
              .then((panel) => panel.openHistory(ctx))
              .catch((error) => ctx.fail(error)),
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
          onclick: () =>
            import('./fairness-panel.ts')
              .then((panel) => panel.openFairness(ctx))
              .catch((error) => ctx.fail(error)),
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
        .request('GET', '/fairness', undefined, (schemas) => schemas.studioFairnessResponseSchema)
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
