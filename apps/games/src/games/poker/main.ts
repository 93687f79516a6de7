import '../../styles/studio.css';
import './poker.css';
import type { VideoPokerHand, VideoPokerView } from '@paws/contracts/studio';
import type { StudioRound } from '@paws/contracts/studio-api';
import { firstIssue } from '../../shared/api.ts';
import { renderCard } from '../../shared/cards.ts';
import { h, mount } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { formatCents, formatMoney, stepStake, TABLE_STAKES } from '../../shared/money.ts';
import { pokerHandName } from '../../shared/poker-hands.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { stakeControl, toast } from '../../shared/ui.ts';
import { type Holds, noHolds, toggleHold } from './hold.ts';

/** Jacks or Better 9/6, × stake. */
export const POKER_PAYS: { hand: VideoPokerHand; pays: number }[] = [
  { hand: 'royalFlush', pays: 800 },
  { hand: 'straightFlush', pays: 50 },
  { hand: 'fourOfAKind', pays: 25 },
  { hand: 'fullHouse', pays: 9 },
  { hand: 'flush', pays: 6 },
  { hand: 'straight', pays: 4 },
  { hand: 'threeOfAKind', pays: 3 },
  { hand: 'twoPair', pays: 2 },
  { hand: 'jacksOrBetter', pays: 1 },
];

void startGame('video-poker', async (ctx: GameContext) => {
  let stake = 1;
  let view: VideoPokerView | null = null;
  let roundId: string | null = null;
  let held: Holds = noHolds();
  let busy = false;

  const phase = () => (view ? view.phase : 'idle') as 'idle' | 'dealt' | 'finished';
  const table = h('table', { class: 'vp-pays' });
  const cardsEl = h('div', { class: 'vp-cards' });
  const status = h('div', { class: 'vp-status' }, tr('Place your bet and deal'));
  const stakeCtl = stakeControl({
    label: tr('Bet'),
    value: stake,
    format: (v) => formatMoney(v, ctx.wallet.currency),
    onStep: (d) => {
      stake = stepStake(TABLE_STAKES, stake, d);
      stakeCtl.set(stake);
      ctx.sound.click();
      paintPays();
    },
  });
  const mainBtn = h(
    'button',
    {
      type: 'button',
      class: 'btn btn--primary btn--big',
      onclick: () => (phase() === 'dealt' ? draw() : deal()),
    },
    tr('Deal'),
  );

  function paintPays() {
    const hit = view?.hand;
    const final = phase() === 'finished';
    mount(
      table,
      h(
        'tbody',
        null,
        POKER_PAYS.map(({ hand, pays }) =>
          h(
            'tr',
            { class: hit === hand ? (final ? 'vp-pays__row--win' : 'vp-pays__row--now') : '' },
            h('th', null, pokerHandName(hand)),
            h('td', null, formatMoney(pays * stake, ctx.wallet.currency)),
          ),
        ),
      ),
    );
  }

  function paintCards(animate: boolean[]) {
    const cards: (string | null)[] = view ? view.cards : [null, null, null, null, null];
    mount(
      cardsEl,
      cards.map((code, i) => {
        const isHeld = held[i] === true && phase() === 'dealt';
        return h(
          'button',
          {
            type: 'button',
            class: `vp-card${isHeld ? ' vp-card--held' : ''}`,
            'aria-pressed': String(isHeld),
            'aria-label': isHeld ? tr('Card {n}, held', { n: i + 1 }) : tr('Card {n}', { n: i + 1 }),
            disabled: phase() !== 'dealt' || busy,
            onclick: () => {
              held = toggleHold(held, i, phase());
              ctx.sound.click();
              paintCards([false, false, false, false, false]);
            },
          },
          h('span', { class: 'vp-card__held' }, tr('HELD')),
          (() => {
            const el = renderCard(code, { delay: i * 90 });
            if (!animate[i]) el.style.animation = 'none';
            return el;
          })(),
        );
      }),
    );
  }

  function paint(animate: boolean[] = [false, false, false, false, false]) {
    const p = phase();
    mainBtn.textContent = p === 'dealt' ? tr('Draw') : tr('Deal');
    mainBtn.disabled = busy;
    stakeCtl.disable(busy || p === 'dealt');
    paintCards(animate);
    paintPays();
    if (!view) return;
    status.className = 'vp-status';
    if (p === 'dealt') {
      status.textContent =
        view.hand === 'nothing'
          ? tr('Tap cards to hold, then draw')
          : tr('{hand} — hold and draw', { hand: pokerHandName(view.hand) });
    } else if ((view.payout ?? 0) > 0) {
      status.textContent = tr('{hand} · you win {amount}', {
        hand: pokerHandName(view.hand),
        amount: formatCents(view.payout ?? 0, ctx.wallet.currency),
      });
      status.classList.add('vp-status--win');
    } else {
      status.textContent = tr('No win — deal again');
    }
  }

  function apply(round: StudioRound, balance: number) {
    if (round.game !== 'video-poker') return;
    const before = view;
    view = round.result;
    roundId = round.finished ? null : round.id;
    const animate = view.cards.map((c, i) => !before || before.phase === 'finished' || before.cards[i] !== c);
    if (view.phase === 'dealt') held = view.held ? (view.held as Holds) : noHolds();
    ctx.afterRound(round, balance);
    ctx.sound.card();
    paint(animate);
    if (view.phase === 'finished') {
      if ((view.payout ?? 0) > 0) ctx.sound.win((view.payout ?? 0) >= view.stake * 25);
      else ctx.sound.lose();
    }
  }

  async function deal() {
    const { videoPokerBetSchema } = await loadSchemas();
    if (busy || !ctx.requireOnline()) return;
    const body = { amount: stake };
    const check = videoPokerBetSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    paint();
    try {
      held = noHolds();
      const { round, balance } = await ctx.api.request(
        'POST',
        '/video-poker/deal',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      busy = false;
      apply(round, balance);
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      mainBtn.disabled = false;
    }
  }

  async function draw() {
    const { videoPokerDrawSchema } = await loadSchemas();
    if (busy || !roundId) return;
    const body = { roundId, held };
    const check = videoPokerDrawSchema.safeParse({ held });
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    paint();
    try {
      const { round, balance } = await ctx.api.request(
        'POST',
        '/video-poker/draw',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      busy = false;
      apply(round, balance);
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      mainBtn.disabled = false;
    }
  }

  mount(
    ctx.stage,
    h(
      'div',
      { class: 'vp' },
      h(
        'div',
        { class: 'vp-paybox glass' },
        h('div', { class: 'vp-paybox__title' }, tr('Jacks or Better · 9/6')),
        table,
      ),
      h('div', { class: 'vp-table' }, cardsEl, status),
    ),
  );
  mount(ctx.controls, stakeCtl.el, mainBtn);
  paint();

  if (ctx.online) {
    try {
      const { rounds } = await ctx.api.request(
        'GET',
        '/rounds?game=video-poker&limit=1',
        undefined,
        (schemas) => schemas.studioRoundsResponseSchema,
      );
      const open = rounds[0];
      if (open && !open.finished && open.game === 'video-poker') {
        stake = open.result.stake / 100;
        stakeCtl.set(stake);
        apply(open, ctx.wallet.balance ?? 0);
      }
    } catch {
      /* ignore */
    }
  }
});
