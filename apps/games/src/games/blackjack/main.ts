import '../../styles/studio.css';
import './blackjack.css';
import type { BlackjackAction, BlackjackView } from '@paws/contracts/studio';
import type { StudioRound } from '@paws/contracts/studio-api';
import { firstIssue } from '../../shared/api.ts';
import { renderCard } from '../../shared/cards.ts';
import { h, mount } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { addDollars, formatCents, formatMoney, stepStake, TABLE_STAKES } from '../../shared/money.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { stakeControl, toast } from '../../shared/ui.ts';

const ACTIONS: { action: BlackjackAction; label: string }[] = [
  { action: 'hit', label: 'Hit' },
  { action: 'stand', label: 'Stand' },
  { action: 'double', label: 'Double' },
  { action: 'split', label: 'Split' },
  { action: 'insurance', label: 'Insurance' },
  { action: 'noInsurance', label: 'No insurance' },
];

const OUTCOME_TEXT = { blackjack: 'Blackjack!', win: 'Win', push: 'Push', lose: 'Lose' } as const;
const outcomeText = (outcome: keyof typeof OUTCOME_TEXT) => tr(OUTCOME_TEXT[outcome]);

void startGame('blackjack', async (ctx: GameContext) => {
  let stake = 1;
  let roundId: string | null = null;
  let view: BlackjackView | null = null;
  let busy = false;
  let shownDealer = 0;
  const shownHands: number[] = [];

  const dealerHand = h('div', { class: 'hand' });
  const dealerTotal = h('span', { class: 'total' }, '–');
  const hands = h('div', { class: 'bj-hands' });
  const outcome = h('div', { class: 'outcome', hidden: true });
  const insuranceNote = h('p', { class: 'bj-note', hidden: true }, tr('Dealer shows an ace — insurance?'));
  const stakeCtl = stakeControl({
    label: tr('Bet'),
    value: stake,
    format: (v) => formatMoney(v, ctx.wallet.currency),
    onStep: (d) => {
      stake = stepStake(TABLE_STAKES, stake, d);
      stakeCtl.set(stake);
      ctx.sound.click();
    },
  });
  const dealBtn = h(
    'button',
    { type: 'button', class: 'btn btn--primary btn--big', onclick: () => deal() },
    tr('Deal'),
  );
  const actionBtns = new Map<BlackjackAction, HTMLButtonElement>();
  const actionRow = h(
    'div',
    { class: 'bj-actions' },
    ACTIONS.map(({ action, label }) => {
      const b = h(
        'button',
        { type: 'button', class: `btn bj-act bj-act--${action}`, onclick: () => act(action) },
        tr(label),
      );
      actionBtns.set(action, b);
      return b;
    }),
  );

  const totalText = (total: number, soft: boolean) =>
    soft && total < 21 ? `${total - 10}/${total}` : String(total);

  function paint() {
    const v = view;
    const playing = !!v && v.phase !== 'finished';
    dealBtn.hidden = playing;
    stakeCtl.el.hidden = playing;
    actionRow.hidden = !playing;
    for (const [action, b] of actionBtns) {
      const allowed = !!v && v.allowedActions.includes(action);
      b.disabled = busy || !allowed;
      b.hidden = (action === 'insurance' || action === 'noInsurance') !== (v?.phase === 'insurance');
    }
    dealBtn.disabled = busy;
    stakeCtl.disable(busy);
    insuranceNote.hidden = v?.phase !== 'insurance';
    if (!v) {
      mount(dealerHand, renderCard(null), renderCard(null));
      dealerTotal.textContent = '–';
      mount(
        hands,
        h('div', { class: 'bj-hand' }, h('div', { class: 'hand' }, renderCard(null), renderCard(null))),
      );
      return;
    }
    // Dealer: animate only new cards.
    const dealerCards = v.dealer.cards.map((c) => c as string | null);
    if (v.dealer.holeCardHidden) dealerCards.splice(1, 0, null);
    if (
      shownDealer > dealerCards.length ||
      (!v.dealer.holeCardHidden && dealerHand.querySelector('.card--back'))
    ) {
      shownDealer = Math.min(shownDealer, 1);
    }
    mount(
      dealerHand,
      dealerCards.map((c, i) => renderCard(c, { delay: i >= shownDealer ? (i - shownDealer) * 220 : -1 })),
    );
    dealerHand.querySelectorAll<HTMLElement>('.card').forEach((el, i) => {
      if (i < shownDealer) el.style.animation = 'none';
    });
    shownDealer = dealerCards.length;
    dealerTotal.textContent = totalText(v.dealer.total, v.dealer.soft);
    mount(
      hands,
      v.hands.map((hand, i) => {
        const seen = shownHands[i] ?? 0;
        const el = h(
          'div',
          {
            class: `bj-hand${v.activeHand === i && v.phase === 'playing' ? ' bj-hand--active' : ''}${hand.outcome ? ` bj-hand--${hand.outcome}` : ''}`,
          },
          h(
            'div',
            { class: 'hand' },
            hand.cards.map((c, j) => renderCard(c, { delay: j >= seen ? (j - seen) * 220 : 0 })),
          ),
          h(
            'div',
            { class: 'bj-hand__meta' },
            h('span', { class: 'total' }, hand.bust ? tr('Bust') : totalText(hand.total, hand.soft)),
            h(
              'span',
              { class: 'bj-hand__stake' },
              formatCents(hand.stake, ctx.wallet.currency),
              hand.doubled ? ' ×2' : '',
            ),
            hand.outcome
              ? h('span', { class: `bj-badge bj-badge--${hand.outcome}` }, outcomeText(hand.outcome))
              : null,
          ),
        );
        el.querySelectorAll<HTMLElement>('.card').forEach((c, j) => {
          if (j < seen) c.style.animation = 'none';
        });
        shownHands[i] = hand.cards.length;
        return el;
      }),
    );
    if (v.phase === 'finished') {
      const payout = v.totalPayout ?? 0;
      const net = payout - v.totalStake;
      mount(
        outcome,
        net > 0
          ? tr('You win {amount}', { amount: formatCents(payout, ctx.wallet.currency) })
          : net === 0
            ? tr('Push')
            : v.hands.every((x) => x.bust)
              ? tr('Bust')
              : tr('Dealer wins'),
        h(
          'small',
          null,
          v.dealer.blackjack
            ? tr('Dealer has blackjack')
            : v.hands.every((x) => x.bust)
              ? tr('Over 21')
              : v.dealer.total > 21
                ? tr('Dealer busts')
                : tr('Dealer stands on {total}', { total: v.dealer.total }),
        ),
      );
      outcome.className = `outcome${net > 0 ? ' outcome--win' : ''}`;
      outcome.hidden = false;
    } else {
      outcome.hidden = true;
    }
  }

  function apply(round: StudioRound, balance: number, fresh = false) {
    if (round.game !== 'blackjack') return;
    const before = view;
    if (fresh) {
      shownDealer = 0;
      shownHands.length = 0;
    }
    view = round.result;
    roundId = round.finished ? null : round.id;
    ctx.afterRound(round, balance);
    const cardsBefore = before
      ? before.dealer.cards.length + before.hands.reduce((n, x) => n + x.cards.length, 0)
      : 0;
    const cardsNow = view.dealer.cards.length + view.hands.reduce((n, x) => n + x.cards.length, 0);
    if (fresh || cardsNow > cardsBefore) ctx.sound.card();
    paint();
    if (view.phase === 'finished') {
      const net = (view.totalPayout ?? 0) - view.totalStake;
      if (net > 0) ctx.sound.win(view.hands.some((x) => x.outcome === 'blackjack'));
      else if (net < 0) ctx.sound.lose();
    }
  }

  async function deal() {
    const { blackjackBetSchema } = await loadSchemas();
    if (busy || !ctx.requireOnline()) return;
    const body = { amount: stake };
    const check = blackjackBetSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    paint();
    try {
      const { round, balance } = await ctx.api.request(
        'POST',
        '/blackjack/deal',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      busy = false;
      apply(round, balance, true);
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      paint();
    }
  }

  async function act(action: BlackjackAction) {
    if (busy || !roundId) return;
    busy = true;
    paint();
    ctx.sound.click();
    try {
      const { round, balance } = await ctx.api.request(
        'POST',
        '/blackjack/action',
        { roundId, action },
        (schemas) => schemas.studioRoundResponseSchema,
      );
      busy = false;
      apply(round, balance);
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      paint();
    }
  }

  mount(
    ctx.stage,
    h(
      'div',
      { class: 'felt bj-felt' },
      h(
        'div',
        { class: 'felt__seat' },
        h('span', { class: 'felt__label' }, tr('Dealer'), ' ', dealerTotal),
        dealerHand,
      ),
      h(
        'div',
        { class: 'bj-arc' },
        h('span', null, tr('Blackjack pays 3 to 2')),
        h('small', null, tr('Dealer stands on all 17s · insurance pays 2 to 1')),
      ),
      insuranceNote,
      h('div', { class: 'felt__seat' }, hands, h('span', { class: 'felt__label' }, tr('You'))),
      outcome,
    ),
  );
  mount(ctx.controls, actionRow, stakeCtl.el, dealBtn);
  paint();

  // Pick up a round left open (a reload in the middle of a hand).
  if (ctx.online) {
    try {
      const { rounds } = await ctx.api.request(
        'GET',
        '/rounds?game=blackjack&limit=1',
        undefined,
        (schemas) => schemas.studioRoundsResponseSchema,
      );
      const open = rounds[0];
      if (open && !open.finished && open.game === 'blackjack') {
        apply(open, ctx.wallet.balance ?? 0, true);
        const first = open.result.hands[0];
        if (first) stake = addDollars(0, first.stake / 100 / (first.doubled ? 2 : 1));
        stakeCtl.set(stake);
      }
    } catch {
      /* history is a nicety here */
    }
  }
});
