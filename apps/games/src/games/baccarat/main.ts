import '../../styles/studio.css';
import './baccarat.css';
import type { BaccaratResult, BaccaratSpot } from '@paws/contracts/studio';
import { firstIssue } from '../../shared/api.ts';
import { renderCard } from '../../shared/cards.ts';
import { chipRack, placedChip } from '../../shared/chips.ts';
import { h, mount, sleep } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { addDollars, formatCents, formatMoney } from '../../shared/money.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { toast } from '../../shared/ui.ts';

const SPOTS: { spot: BaccaratSpot; label: string; pays: string }[] = [
  { spot: 'player', label: 'Player', pays: '1 : 1' },
  { spot: 'tie', label: 'Tie', pays: '8 : 1' },
  { spot: 'banker', label: 'Banker', pays: '0.95 : 1' },
];

void startGame('baccarat', (ctx: GameContext) => {
  const bets: Record<BaccaratSpot, number> = { player: 0, banker: 0, tie: 0 };
  let lastBets: Record<BaccaratSpot, number> | null = null;
  let busy = false;
  const rack = chipRack(1, () => ctx.sound.chip());
  const playerHand = h('div', { class: 'hand' });
  const bankerHand = h('div', { class: 'hand' });
  const playerTotal = h('span', { class: 'total' }, '–');
  const bankerTotal = h('span', { class: 'total' }, '–');
  const outcome = h('div', { class: 'outcome', hidden: true });
  const spotEls = new Map<BaccaratSpot, HTMLButtonElement>();
  const road = h('div', { class: 'road', role: 'list', 'aria-label': tr('Last results') });
  const results: BaccaratSpot[] = [];

  const spots = h(
    'div',
    { class: 'bac-spots' },
    SPOTS.map(({ spot, label, pays }) => {
      const el = h(
        'button',
        { type: 'button', class: `bac-spot bac-spot--${spot}`, onclick: () => add(spot) },
        h('span', { class: 'bac-spot__label' }, tr(label)),
        h('span', { class: 'bac-spot__pays' }, pays),
        h('span', { class: 'bac-spot__stake' }),
      );
      spotEls.set(spot, el);
      return el;
    }),
  );

  function paintSpots(winner?: BaccaratSpot) {
    for (const [spot, el] of spotEls) {
      const stake = el.querySelector('.bac-spot__stake') as HTMLElement;
      mount(
        stake,
        bets[spot] > 0
          ? [placedChip(bets[spot]), h('span', null, formatMoney(bets[spot], ctx.wallet.currency))]
          : null,
      );
      el.classList.toggle('bac-spot--win', winner === spot);
    }
    const total = bets.player + bets.banker + bets.tie;
    deal.disabled = busy || total <= 0;
    clear.disabled = busy || total <= 0;
    rebet.disabled = busy || !lastBets || total > 0;
    totalEl.textContent = tr('Total bet {amount}', { amount: formatMoney(total, ctx.wallet.currency) });
  }

  function add(spot: BaccaratSpot) {
    if (busy) return;
    bets[spot] = addDollars(bets[spot], rack.value);
    ctx.sound.chip();
    outcome.hidden = true;
    paintSpots();
  }

  const deal = h(
    'button',
    { type: 'button', class: 'btn btn--primary btn--big', onclick: () => play() },
    tr('Deal'),
  );
  const clear = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        bets.player = bets.banker = bets.tie = 0;
        ctx.sound.click();
        paintSpots();
      },
    },
    tr('Clear'),
  );
  const rebet = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        if (lastBets) Object.assign(bets, lastBets);
        ctx.sound.chip();
        paintSpots();
      },
    },
    tr('Rebet'),
  );
  const totalEl = h('span', { class: 'muted small bac-total' });

  async function play() {
    const { baccaratBetSchema } = await loadSchemas();
    if (busy || !ctx.requireOnline()) return;
    const body: Partial<Record<BaccaratSpot, number>> = {};
    for (const spot of ['player', 'banker', 'tie'] as const) if (bets[spot] > 0) body[spot] = bets[spot];
    const check = baccaratBetSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    paintSpots();
    outcome.hidden = true;
    mount(playerHand);
    mount(bankerHand);
    playerTotal.textContent = bankerTotal.textContent = '–';
    try {
      const { round, balance } = await ctx.api.request(
        'POST',
        '/baccarat/play',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      if (round.game !== 'baccarat') throw new Error('Unexpected round');
      ctx.wallet.preview(addDollars(ctx.wallet.balance ?? 0, -round.stake / 100));
      await reveal(round.result);
      ctx.afterRound(round, balance);
      lastBets = { ...bets };
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      paintSpots();
    }
  }

  async function reveal(r: BaccaratResult) {
    const order: [HTMLElement, string, 'p' | 'b'][] = [];
    // Dealt P, B, P, B, then the third cards.
    for (let i = 0; i < 2; i++) {
      order.push([playerHand, r.playerCards[i] as string, 'p']);
      order.push([bankerHand, r.bankerCards[i] as string, 'b']);
    }
    if (r.playerCards[2]) order.push([playerHand, r.playerCards[2], 'p']);
    if (r.bankerCards[2]) order.push([bankerHand, r.bankerCards[2], 'b']);
    const pts = (cards: string[]) =>
      cards.reduce((t, c) => t + ('TJQK'.includes(c[0] as string) ? 0 : c[0] === 'A' ? 1 : Number(c[0])), 0) %
      10;
    const shown = { p: [] as string[], b: [] as string[] };
    for (const [hand, card, side] of order) {
      hand.append(renderCard(card));
      shown[side].push(card);
      (side === 'p' ? playerTotal : bankerTotal).textContent = String(pts(shown[side]));
      ctx.sound.card();
      await sleep(420);
    }
    playerTotal.textContent = String(r.playerTotal);
    bankerTotal.textContent = String(r.bankerTotal);
    const won = r.totalPayout > 0;
    const net = r.totalPayout - r.totalStake;
    mount(
      outcome,
      r.winner === 'tie' ? tr('Tie') : r.winner === 'player' ? tr('Player wins') : tr('Banker wins'),
      h(
        'small',
        null,
        won
          ? net < 0
            ? tr('You get {amount} back', { amount: formatCents(r.totalPayout, ctx.wallet.currency) })
            : tr('You get {amount}', { amount: formatCents(r.totalPayout, ctx.wallet.currency) })
          : tr('No win this time'),
      ),
    );
    outcome.className = `outcome${won && net > 0 ? ' outcome--win' : ''}`;
    outcome.hidden = false;
    if (won && net > 0) ctx.sound.win(r.totalPayout >= r.totalStake * 5);
    else if (!won) ctx.sound.lose();
    paintSpots(r.winner);
    results.unshift(r.winner);
    results.splice(24);
    mount(
      road,
      results.map((w) => {
        const name = tr(SPOTS.find((x) => x.spot === w)?.label ?? w);
        return h(
          'span',
          { class: `road__dot road__dot--${w}`, role: 'listitem', title: name, 'aria-label': name },
          name[0]?.toUpperCase(),
        );
      }),
    );
  }

  mount(
    ctx.stage,
    h(
      'div',
      { class: 'felt bac-felt' },
      road,
      h(
        'div',
        { class: 'bac-hands' },
        h(
          'div',
          { class: 'felt__seat' },
          h('span', { class: 'felt__label' }, tr('Player'), ' ', playerTotal),
          playerHand,
        ),
        h(
          'div',
          { class: 'felt__seat' },
          h('span', { class: 'felt__label' }, tr('Banker'), ' ', bankerTotal),
          bankerHand,
        ),
      ),
      outcome,
      h('p', { class: 'felt__rules' }, tr('Punto banco · banker pays 0.95 to 1 · tie pays 8 to 1')),
      spots,
    ),
  );
  mount(ctx.controls, rack.el, h('div', { class: 'ctl-row' }, clear, rebet, deal), totalEl);
  paintSpots();
});
