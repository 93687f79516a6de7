import '../../styles/studio.css';
import './slot.css';
import type { SlotSpin } from '@paws/contracts/studio';
import { type SlotSymbol, slotSymbols, studioApiMessages } from '@paws/contracts/studio-constants';

import { ApiError, firstIssue } from '../../shared/api.ts';
import { afterFirstPaint, h, mount, reducedMotion, s, sleep } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { addDollars, formatCents, formatMoney, SLOT_STAKES, stepStake } from '../../shared/money.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { stakeControl, toast } from '../../shared/ui.ts';
import { celebrated, type ReturnShown, reelStopMs, returnShown } from './pacing.ts';
import { paylinesFromInfo, winCells } from './paylines.ts';
import { symbolSvg } from './symbols.ts';

const REELS = 5;
const ROWS = 3;
const START_GRID: SlotSymbol[][] = [
  ['king', 'lion', 'queen'],
  ['ace', 'wild', 'fox'],
  ['wolf', 'scatter', 'jack'],
  ['queen', 'wild', 'eagle'],
  ['fox', 'lion', 'ace'],
];

void startGame('wild-paws', (ctx: GameContext) => {
  let stake = 1;
  let busy = false;
  // Filled from GET /games/wild-paws/info, the engine's own table.
  let lines: (readonly number[])[] = [];
  let grid: SlotSymbol[][] = START_GRID.map((r) => [...r]);
  let freeSpinsLeft: number | null = null;

  const reelEls: HTMLElement[] = [];
  const cellEls: HTMLElement[][] = [];
  const reelsBox = h('div', { class: 'reels' });
  const overlay = s('svg', {
    class: 'paylines',
    viewBox: '0 0 500 300',
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  const winMeter = h(
    'div',
    { class: 'slot-meter' },
    h('span', { class: 'slot-meter__label' }, tr('Win')),
    h('strong', null, '—'),
  );
  const featureBadge = h('div', { class: 'slot-feature', hidden: true });
  const lineInfo = h(
    'div',
    { class: 'slot-lineinfo', 'aria-live': 'polite' },
    tr('20 lines · 3 Bonus stars start 10 free spins ×3'),
  );

  for (let r = 0; r < REELS; r++) {
    const reel = h('div', { class: 'reel' });
    reelEls.push(reel);
    reelsBox.append(reel);
  }
  reelsBox.append(overlay);
  const measure = () => {
    const height = reelEls[0]?.clientHeight ?? 0;
    if (height > 0) reelsBox.style.setProperty('--cell', `${height / ROWS}px`);
  };
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(measure).observe(reelsBox);

  function paintGrid() {
    reelEls.forEach((reel, r) => {
      const strip = h('div', { class: 'reel__strip' });
      cellEls[r] = [];
      for (let row = 0; row < ROWS; row++) {
        const cell = h('div', { class: 'reel__cell' }, symbolSvg(grid[r]?.[row] ?? 'jack'));
        cellEls[r]?.push(cell);
        strip.append(cell);
      }
      mount(reel, strip);
    });
  }

  const randomSymbol = (): SlotSymbol =>
    slotSymbols[Math.floor(Math.random() * slotSymbols.length)] as SlotSymbol;

  // Every spin, the feature's too, runs the full 2.5 s (pacing.ts); reduced motion stops the reels in turn, unmoving.
  async function spinTo(next: SlotSymbol[][]) {
    clearWins();
    const still = reducedMotion();
    const done = reelEls.map((reel, r) => {
      const strip = h('div', { class: 'reel__strip reel__strip--spinning' });
      const finals = (next[r] ?? []).map((sym) => h('div', { class: 'reel__cell' }, symbolSvg(sym)));
      const current = (grid[r] ?? []).map((sym) => h('div', { class: 'reel__cell' }, symbolSvg(sym)));
      const fillers = Array.from({ length: 18 + r * 3 }, () =>
        h('div', { class: 'reel__cell reel__cell--blur' }, symbolSvg(randomSymbol())),
      );
      strip.append(...finals, ...fillers, ...current);
      const total = finals.length + fillers.length + current.length;
      strip.style.transform = `translateY(-${((total - ROWS) / total) * 100}%)`;
      mount(reel, strip);
      const ms = reelStopMs(r, REELS);
      return new Promise<void>((resolve) => {
        if (!still)
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              strip.style.transition = `transform ${ms}ms cubic-bezier(0.3, 0.1, 0.25, 1.08)`;
              strip.style.transform = 'translateY(0)';
            }),
          );
        setTimeout(() => {
          if (still) strip.style.transform = 'translateY(0)';
          ctx.sound.stop();
          resolve();
        }, ms + 20);
      });
    });
    await Promise.all(done);
    grid = next.map((c) => [...c]);
    paintGrid();
  }

  function clearWins() {
    mount(overlay);
    for (const col of cellEls)
      for (const c of col ?? []) c.classList.remove('reel__cell--win', 'reel__cell--dim');
  }

  async function showWins(spin: SlotSpin) {
    if (spin.lineWins.length === 0 && spin.scatters < 3) return;
    for (const col of cellEls) for (const c of col ?? []) c.classList.add('reel__cell--dim');
    const hues = ['#c6f432', '#ffcf3a', '#5ad1ff', '#ff6b9a', '#b48cff'];
    spin.lineWins.forEach((w, i) => {
      const rows = lines[w.line - 1];
      if (!rows) return;
      const pts = rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
      overlay.append(
        s('polyline', {
          points: pts,
          class: 'payline',
          stroke: hues[i % hues.length],
          style: { 'animation-delay': `${i * 120}ms` },
        }),
      );
      for (const [reel, row] of winCells(lines, w.line, w.count)) {
        const cell = cellEls[reel]?.[row];
        cell?.classList.add('reel__cell--win');
        cell?.classList.remove('reel__cell--dim');
      }
    });
    if (spin.scatters >= 3) {
      grid.forEach((col, reel) => {
        col.forEach((sym, row) => {
          if (sym !== 'scatter') return;
          cellEls[reel]?.[row]?.classList.add('reel__cell--win');
          cellEls[reel]?.[row]?.classList.remove('reel__cell--dim');
        });
      });
    }
    const parts = spin.lineWins.map((w) =>
      tr('Line {line}: {count}× {symbol} {amount}', {
        line: w.line,
        count: w.count,
        symbol: tr(`${w.symbol[0]?.toUpperCase()}${w.symbol.slice(1)}`),
        amount: formatCents(w.payout, ctx.wallet.currency),
      }),
    );
    if (spin.scatterPayout > 0)
      parts.push(
        tr('{count} Bonus {amount}', {
          count: spin.scatters,
          amount: formatCents(spin.scatterPayout, ctx.wallet.currency),
        }),
      );
    lineInfo.textContent =
      parts.slice(0, 3).join(' · ') +
      (parts.length > 3 ? ` · ${tr('+{count} more', { count: parts.length - 3 })}` : '');
    await sleep(reducedMotion() ? 200 : 1300);
  }

  /** A return at or under the stake is labelled "Returned", never "Win" (pacing.ts). */
  const returnedText = (cents: number) =>
    tr('Returned {amount}', { amount: formatCents(cents, ctx.wallet.currency) });

  /**
   * One spin's return, `total` the round's so far: lit lines, sound and "Win" only once the round pays more
   * than its stake; less is told in words ("Returned $0.40").
   */
  async function showReturn(spin: SlotSpin, total: number, stake: number) {
    const shown = returnShown(total, stake);
    setMeter(total > 0 ? total : null, shown);
    if (spin.payout <= 0) return;
    if (!celebrated(shown)) {
      lineInfo.textContent = returnedText(total);
      return;
    }
    ctx.sound.win(shown === 'big');
    await showWins(spin);
  }

  function setMeter(cents: number | null, shown: ReturnShown = 'none') {
    mount(
      winMeter,
      h('span', { class: 'slot-meter__label' }, shown === 'returned' ? tr('Returned') : tr('Win')),
      h(
        'strong',
        { class: shown === 'big' ? 'slot-meter--big' : '' },
        cents === null ? '—' : formatCents(cents, ctx.wallet.currency),
      ),
    );
  }

  const stakeCtl = stakeControl({
    label: tr('Stake'),
    value: stake,
    format: (v) => formatMoney(v, ctx.wallet.currency),
    onStep: (d) => {
      stake = stepStake(SLOT_STAKES, stake, d);
      stakeCtl.set(stake);
      ctx.sound.click();
    },
  });
  const spinBtn = h(
    'button',
    { type: 'button', class: 'slot-spin', 'aria-label': tr('Spin'), onclick: () => play('cash') },
    h('span', null, tr('SPIN')),
  );
  const freeBtn = h(
    'button',
    { type: 'button', class: 'btn slot-free', onclick: () => play('freeSpin') },
    tr('Free spin'),
  );

  // Offered only to a player who has free spins: unknown (demo, not loaded yet) or none hides it.
  function paintControls() {
    spinBtn.disabled = busy;
    freeBtn.hidden = !freeSpinsLeft;
    freeBtn.disabled = busy || !freeSpinsLeft;
    freeBtn.textContent = tr('Use a free spin ({count} left)', { count: freeSpinsLeft ?? 0 });
    stakeCtl.disable(busy);
  }

  async function loadFreeSpins() {
    if (!ctx.online) return;
    try {
      const res = await ctx.api.request(
        'GET',
        '/balance',
        undefined,
        (schemas) => schemas.studioBalanceResponseSchema,
      );
      freeSpinsLeft = res.freeSpins ?? 0;
      paintControls();
    } catch {
      /* keep the button as it is */
    }
  }

  async function play(fund: 'cash' | 'freeSpin') {
    const { slotBetSchema } = await loadSchemas();
    if (busy || !ctx.requireOnline()) return;
    const body = fund === 'cash' ? { fund, stake } : { fund };
    const check = slotBetSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    paintControls();
    setMeter(null);
    lineInfo.textContent = fund === 'freeSpin' ? tr('Free spin at 0.20') : tr('Good luck!');
    featureBadge.hidden = true;
    ctx.sound.click();
    try {
      const pending = ctx.api.request(
        'POST',
        '/wild-paws/spin',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      if (fund === 'cash') ctx.wallet.preview(addDollars(ctx.wallet.balance ?? 0, -stake));
      const { round, balance } = await pending;
      if (round.game !== 'wild-paws') throw new Error('Unexpected round');
      const r = round.result;
      await spinTo(r.base.grid);
      let total = r.base.payout;
      await showReturn(r.base, total, r.stake);
      if (r.featureSpins.length > 0) {
        ctx.sound.win(true);
        let awarded = r.base.featureSpinsAwarded;
        featureBadge.hidden = false;
        featureBadge.textContent = tr('FREE SPINS! {count} spins · wins ×3', { count: awarded });
        await sleep(1200);
        for (let i = 0; i < r.featureSpins.length; i++) {
          const spin = r.featureSpins[i] as SlotSpin;
          featureBadge.textContent = tr('Free spin {n} / {count} · ×{multiplier}', {
            n: i + 1,
            count: awarded,
            multiplier: spin.multiplier,
          });
          await spinTo(spin.grid);
          total += spin.payout;
          if (spin.featureSpinsAwarded > 0) {
            awarded += spin.featureSpinsAwarded;
            toast(tr('+{count} free spins!', { count: spin.featureSpinsAwarded }), 'win', 2000);
          }
          await showReturn(spin, total, r.stake);
        }
        featureBadge.textContent = tr('Free spins over · {amount}', {
          amount: formatCents(total, ctx.wallet.currency),
        });
      }
      ctx.afterRound(round, balance);
      const shown = returnShown(r.totalPayout, r.stake);
      setMeter(r.totalPayout > 0 ? r.totalPayout : null, shown);
      if (shown === 'big') ctx.sound.win(true);
      if (shown === 'none') lineInfo.textContent = tr('No win this spin');
      if (shown === 'returned') lineInfo.textContent = returnedText(r.totalPayout);
      if (fund === 'freeSpin' && freeSpinsLeft !== null) freeSpinsLeft = Math.max(0, freeSpinsLeft - 1);
    } catch (error) {
      if (error instanceof ApiError && error.message === studioApiMessages.noFreeSpins) {
        freeSpinsLeft = 0;
        toast(tr('You have no free spins'), 'info');
      } else ctx.fail(error);
      if (fund === 'cash') await ctx.refreshBalance();
    } finally {
      busy = false;
      paintControls();
    }
  }

  paintGrid();
  mount(
    ctx.stage,
    h(
      'div',
      { class: 'slot' },
      h('div', { class: 'slot-logo' }, h('span', null, 'WILD'), h('b', null, 'PAWS')),
      h('div', { class: 'slot-cabinet' }, reelsBox, featureBadge),
      h('div', { class: 'slot-info' }, winMeter, lineInfo),
    ),
  );
  mount(ctx.controls, stakeCtl.el, spinBtn, freeBtn);
  paintControls();
  void loadFreeSpins();

  afterFirstPaint(() => {
    ctx.api
      .request(
        'GET',
        '/games/wild-paws/info',
        undefined,
        (schemas) => schemas.studioGameInfoResponseSchema,
        false,
      )
      .then((info) => {
        lines = paylinesFromInfo(
          info.paytable.find((t) => t.title.toLowerCase().startsWith('paylines'))?.rows,
        );
      })
      .catch(() => undefined);
  });
});
