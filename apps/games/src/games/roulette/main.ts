import '../../styles/studio.css';
import './roulette.css';

import type { RouletteTable } from '@paws/contracts/studio-api';
import { ROULETTE_NAMESPACE, rouletteColor, studioApiMessages } from '@paws/contracts/studio-constants';
import { io, type Socket } from 'socket.io-client';
import { ApiError, firstIssue } from '../../shared/api.ts';
import { chipRack, placedChip } from '../../shared/chips.ts';
import { h, mount } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { addDollars, formatCents, formatMoney } from '../../shared/money.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { toast } from '../../shared/ui.ts';
import { createBoard, type Target } from './board.ts';
import { betKey, type InsideHit, toBetInput } from './layout.ts';
import { revealedTableSeeds, tableFairness } from './table-fairness.ts';
import { createWheel } from './wheel.ts';

interface Placed {
  target: Target;
  amount: number;
}

/** The number arrives when the spin ends (RESULT, 4 s): the wheel slows down to it in this time. */
const STOP_MS = 2800;
const PHASE_TEXT = { BETTING: 'Place your bets', SPINNING: 'No more bets', RESULT: 'Result' } as const;

void startGame('european-roulette', async (ctx: GameContext) => {
  let table: RouletteTable | null = null;
  const pending = new Map<string, Placed>();
  const confirmed = new Map<string, Placed>();
  let undoStack: string[] = [];
  let lastRound: Placed[] = [];
  let sending = false;
  let autoSent = false;
  let lastResult: number | null = null;
  const revealed = revealedTableSeeds();

  const wheel = createWheel();
  const rack = chipRack(1, () => ctx.sound.chip());
  const phaseLabel = h('strong', { class: 'rt-phase__label' }, tr('Connecting…'));
  const countdown = h('span', { class: 'rt-phase__time' }, '');
  const bar = h('span', { class: 'rt-phase__bar' });
  const roundLabel = h('span', { class: 'muted small' });
  const resultBadge = h('div', { class: 'rt-result', hidden: true });
  const strip = h('div', { class: 'rt-strip', role: 'list', 'aria-label': tr('Last results') });
  const slip = h('div', { class: 'rt-slip' });

  const { layout, chipLayer, numberCells, outsideSpots, orientation } = createBoard((target) =>
    place(target),
  );

  const applyOrientation = () => {
    layout.dataset.orientation = orientation();
    paintChips();
  };

  /* Bets */
  const bettingOpen = () =>
    !!table && table.phase === 'BETTING' && Date.parse(table.phaseEndsAt) > Date.now();

  function place(target: Target) {
    if (!ctx.requireOnline()) return;
    if (!bettingOpen()) {
      toast(studioApiMessages.bettingClosed, 'info', 1800);
      return;
    }
    const key = betKey(target);
    const prev = pending.get(key);
    pending.set(key, { target, amount: addDollars(prev?.amount ?? 0, rack.value) });
    undoStack.push(key);
    ctx.sound.chip();
    paintChips();
  }

  function undo() {
    const key = undoStack.pop();
    if (!key) return;
    const p = pending.get(key);
    if (!p) return undo();
    const left = addDollars(p.amount, -rack.value);
    if (left <= 0) pending.delete(key);
    else pending.set(key, { ...p, amount: left });
    ctx.sound.click();
    paintChips();
  }

  function anchorPercent(t: InsideHit) {
    const o = layout.dataset.orientation ?? 'vertical';
    const along = ((t.u + 1) / 13) * 100;
    return o === 'horizontal'
      ? { left: along, top: ((3 - t.v) / 3) * 100 }
      : { left: (t.v / 3) * 100, top: along };
  }

  function paintChips() {
    const merged = new Map<string, { target: Target; amount: number; pending: boolean }>();
    for (const [k, p] of confirmed) merged.set(k, { ...p, pending: false });
    for (const [k, p] of pending) {
      const c = merged.get(k);
      merged.set(k, { target: p.target, amount: addDollars(c?.amount ?? 0, p.amount), pending: true });
    }
    mount(chipLayer);
    for (const b of outsideSpots.values()) b.querySelector('.placed-chip')?.remove();
    for (const [key, bet] of merged) {
      const chip = placedChip(bet.amount, bet.pending);
      if ('numbers' in bet.target) {
        const { left, top } = anchorPercent(bet.target);
        chip.style.left = `${left}%`;
        chip.style.top = `${top}%`;
        chipLayer.append(chip);
      } else outsideSpots.get(key)?.append(chip);
    }
    const pendingTotal = [...pending.values()].reduce((t, p) => addDollars(t, p.amount), 0);
    const confirmedTotal = [...confirmed.values()].reduce((t, p) => addDollars(t, p.amount), 0);
    mount(
      slip,
      h(
        'span',
        null,
        tr('In play'),
        ' ',
        h('strong', null, formatMoney(confirmedTotal, ctx.wallet.currency)),
      ),
      pendingTotal > 0
        ? h(
            'span',
            { class: 'rt-slip__pending' },
            tr('+ {amount} to confirm', { amount: formatMoney(pendingTotal, ctx.wallet.currency) }),
          )
        : null,
    );
    const open = bettingOpen();
    placeBtn.disabled = !open || sending || pending.size === 0;
    undoBtn.disabled = pending.size === 0;
    clearBtn.disabled = pending.size === 0;
    rebetBtn.disabled = !open || lastRound.length === 0 || pending.size > 0 || confirmed.size > 0;
  }

  async function send() {
    const { rouletteBetsRequestSchema, rouletteBetsSchema } = await loadSchemas();
    if (!table || sending || pending.size === 0) return;
    const body = {
      roundNumber: table.roundNumber,
      bets: [...pending.values()].map((p) => toBetInput(p.target, p.amount)),
    };
    const check = rouletteBetsRequestSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    const checkBets = rouletteBetsSchema.safeParse({ bets: body.bets });
    if (!checkBets.success) return toast(firstIssue(checkBets.error));
    sending = true;
    paintChips();
    const sent = new Map(pending);
    try {
      const res = await ctx.api.request(
        'POST',
        '/european-roulette/bets',
        body,
        (schemas) => schemas.rouletteBetsResponseSchema,
      );
      for (const [k, p] of sent) {
        const c = confirmed.get(k);
        confirmed.set(k, { target: p.target, amount: addDollars(c?.amount ?? 0, p.amount) });
        const now = pending.get(k);
        if (now && now.amount === p.amount) pending.delete(k);
        else if (now) pending.set(k, { ...now, amount: addDollars(now.amount, -p.amount) });
      }
      undoStack = undoStack.filter((k) => pending.has(k));
      ctx.setBalance(res.balance);
      ctx.sound.pop();
    } catch (error) {
      if (error instanceof ApiError && error.message === studioApiMessages.bettingClosed) pending.clear();
      ctx.fail(error);
    } finally {
      sending = false;
      paintChips();
    }
  }

  const placeBtn = h(
    'button',
    { type: 'button', class: 'btn btn--primary', onclick: () => send() },
    tr('Place bets'),
  );
  const undoBtn = h('button', { type: 'button', class: 'btn', onclick: () => undo() }, tr('Undo'));
  const clearBtn = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        pending.clear();
        undoStack = [];
        ctx.sound.click();
        paintChips();
      },
    },
    tr('Clear'),
  );
  const rebetBtn = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        for (const p of lastRound) {
          const key = betKey(p.target);
          pending.set(key, { ...p });
          undoStack.push(key);
        }
        ctx.sound.chip();
        paintChips();
      },
    },
    tr('Rebet'),
  );

  /* Phases */
  function onTable(next: RouletteTable) {
    const newRound = !table || table.roundNumber !== next.roundNumber;
    if (newRound && next.phase === 'BETTING') {
      if (confirmed.size > 0) lastRound = [...confirmed.values()];
      confirmed.clear();
      pending.clear();
      undoStack = [];
      autoSent = false;
      resultBadge.hidden = true;
      for (const el of numberCells.values()) el.classList.remove('rt-num--win');
    }
    table = next;
    phaseLabel.textContent = tr(PHASE_TEXT[next.phase]);
    layout.classList.toggle('rt-layout--closed', next.phase !== 'BETTING');
    roundLabel.textContent = tr('Round #{round}', { round: next.roundNumber });
    const numbers = next.lastResults.map((r) => r.number);
    if (next.phase === 'RESULT') setTimeout(() => paintStrip(numbers), STOP_MS);
    else paintStrip(numbers);
    if (lastResult === null && next.lastResults[0]) {
      lastResult = next.lastResults[0].number;
      if (next.phase !== 'SPINNING') wheel.set(lastResult);
    }
    if (next.phase === 'SPINNING') {
      ctx.sound.click();
      const left = Math.max(1000, Date.parse(next.phaseEndsAt) - Date.now());
      wheel.roll(left + 600);
      resultBadge.hidden = true;
    }
    paintChips();
  }

  function paintStrip(numbers: number[]) {
    mount(
      strip,
      numbers.slice(0, 16).map((n, i) =>
        h(
          'span',
          {
            class: `rt-dot rt-dot--${rouletteColor(n)}${i === 0 ? ' rt-dot--latest' : ''}`,
            role: 'listitem',
          },
          String(n),
        ),
      ),
    );
  }

  function tick() {
    if (table) {
      const left = Math.max(0, Date.parse(table.phaseEndsAt) - Date.now());
      const total = table.phase === 'BETTING' ? 20000 : table.phase === 'SPINNING' ? 6000 : 4000;
      countdown.textContent = table.phase === 'BETTING' ? `${Math.ceil(left / 1000)}s` : '';
      bar.style.width = `${Math.min(100, (left / total) * 100)}%`;
      bar.dataset.phase = table.phase;
      if (table.phase === 'BETTING' && left < 1600 && !autoSent && pending.size > 0) {
        autoSent = true;
        void send();
      }
      if (table.phase === 'BETTING' && left <= 0 && !layout.classList.contains('rt-layout--closed')) {
        layout.classList.add('rt-layout--closed');
        paintChips();
      }
    }
    requestAnimationFrame(tick);
  }

  function onResult(number: number, roundNumber: number, serverSeed?: string) {
    lastResult = number;
    wheel.spinTo(number, STOP_MS - 100);
    setTimeout(() => {
      mount(
        resultBadge,
        h('span', { class: `rt-result__num rt-dot--${rouletteColor(number)}` }, String(number)),
        h('small', null, tr(rouletteColor(number))),
      );
      resultBadge.hidden = false;
      numberCells.get(number)?.classList.add('rt-num--win');
      ctx.sound.pop();
    }, STOP_MS);
    if (serverSeed && table) revealed.add(serverSeed, roundNumber);
  }

  ctx.fairnessOverride = () => tableFairness(table, revealed.list());

  /* Build */
  mount(
    ctx.stage,
    h(
      'div',
      { class: 'rt' },
      h(
        'section',
        { class: 'rt-top' },
        h('div', { class: 'rt-wheel' }, wheel.el, resultBadge),
        h(
          'div',
          { class: 'rt-status' },
          h(
            'div',
            { class: 'rt-phase glass' },
            h('div', { class: 'rt-phase__row' }, phaseLabel, countdown),
            h('div', { class: 'rt-phase__track' }, bar),
            roundLabel,
          ),
          strip,
          slip,
        ),
      ),
      layout,
    ),
  );
  mount(ctx.controls, rack.el, h('div', { class: 'ctl-row' }, undoBtn, clearBtn, rebetBtn, placeBtn));
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(applyOrientation).observe(layout);
  applyOrientation();
  paintStrip([]);
  requestAnimationFrame(tick);

  if (!ctx.online || !ctx.api.token) {
    phaseLabel.textContent = tr('Table preview');
    return;
  }
  const { rouletteTableSchema, rouletteResultEventSchema, rouletteSettledEventSchema } = await loadSchemas();
  const socket: Socket = io(ROULETTE_NAMESPACE, {
    transports: ['websocket'],
    auth: { sessionToken: ctx.api.token },
  });
  socket.on('table', (payload: unknown) => {
    const t = rouletteTableSchema.safeParse(payload);
    if (t.success) onTable(t.data);
  });
  socket.on('result', (payload: unknown) => {
    const r = rouletteResultEventSchema.safeParse(payload);
    if (r.success) onResult(r.data.number, r.data.roundNumber, r.data.serverSeed);
  });
  socket.on('settled', (payload: unknown) => {
    const r = rouletteSettledEventSchema.safeParse(payload);
    if (!r.success) return;
    const s = r.data;
    setTimeout(() => {
      ctx.setBalance(s.balance);
      if (s.totalPayout > 0) {
        toast(tr('You win {amount}', { amount: formatCents(s.totalPayout, ctx.wallet.currency) }), 'win');
        ctx.sound.win(s.totalPayout >= s.totalStake * 10);
      } else if (s.totalStake > 0) ctx.sound.lose();
    }, STOP_MS + 100);
  });
  socket.on('connect_error', (err: Error & { data?: { statusCode?: number } }) => {
    if (err.data?.statusCode === 4001) {
      phaseLabel.textContent = tr('Session ended');
      ctx.api.clear();
      ctx.api.onExpired?.();
      socket.close();
    } else phaseLabel.textContent = tr('Reconnecting…');
  });
  ctx.api
    .request('GET', '/european-roulette/state', undefined, (schemas) => schemas.rouletteTableSchema)
    .then((t) => {
      if (!table) onTable(t);
    })
    .catch(() => undefined);
});
