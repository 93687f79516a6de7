import '../../styles/studio.css';
import './keno.css';
import type { KenoResult } from '@paws/contracts/studio';
import { KENO_MAX_PICKS } from '@paws/contracts/studio-constants';
import { firstIssue } from '../../shared/api.ts';
import { afterFirstPaint, h, mount, reducedMotion, sleep } from '../../shared/dom.ts';
import { tr } from '../../shared/i18n.ts';
import { formatCents, formatMoney, stepStake, TABLE_STAKES } from '../../shared/money.ts';
import { loadSchemas } from '../../shared/schemas.ts';
import { type GameContext, startGame } from '../../shared/shell.ts';
import { stakeControl, toast } from '../../shared/ui.ts';
import { KENO_NUMBERS, paytableRow, quickPick, togglePick } from './picks.ts';

/** The paytable as the server documents it (picks → multiplier by hits), until /info answers. */
const FALLBACK_ROWS: string[][] = [
  ['1', '', '3.84'],
  ['2', '', '1.8', '4.6'],
  ['3', '', '', '2.3', '46.5'],
  ['4', '', '', '1.6', '8', '90'],
  ['5', '', '', '1.2', '3.5', '12', '310'],
  ['6', '', '', '0.8', '1.8', '5', '47', '1500'],
  ['7', '', '', '0.5', '1.2', '3.4', '15', '250', '4000'],
  ['8', '', '', '', '1.5', '3', '9.2', '50', '400', '10000'],
  ['9', '', '', '', '1', '2', '4.5', '28', '180', '2000', '10000'],
  ['10', '', '', '', '1', '1.5', '3', '12', '50', '500', '5000', '10000'],
];

void startGame('loto', (ctx: GameContext) => {
  let picks: number[] = [];
  let stake = 1;
  let busy = false;
  let last: KenoResult | null = null;
  let rows: string[][] = FALLBACK_ROWS;
  const cells: HTMLButtonElement[] = [];

  const board = h(
    'div',
    { class: 'keno-board', role: 'group', 'aria-label': tr('Numbers 1 to 80') },
    Array.from({ length: KENO_NUMBERS }, (_, i) => {
      const n = i + 1;
      const b = h(
        'button',
        { type: 'button', class: 'keno-cell', 'aria-pressed': 'false', onclick: () => tap(n) },
        String(n),
      );
      cells.push(b);
      return b;
    }),
  );
  const drawnStrip = h('div', { class: 'keno-drawn', 'aria-live': 'polite' });
  const pays = h('div', { class: 'keno-pays' });
  const counter = h('div', { class: 'keno-counter' });
  const stakeCtl = stakeControl({
    label: tr('Bet'),
    value: stake,
    format: (v) => formatMoney(v, ctx.wallet.currency),
    onStep: (d) => {
      stake = stepStake(TABLE_STAKES, stake, d);
      stakeCtl.set(stake);
      ctx.sound.click();
      paint();
    },
  });
  const playBtn = h(
    'button',
    { type: 'button', class: 'btn btn--primary btn--big', onclick: () => play() },
    tr('Play'),
  );
  const quickBtn = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        if (busy) return;
        picks = quickPick(picks.length > 0 && picks.length < KENO_MAX_PICKS ? picks.length : 10);
        resetDraw();
        ctx.sound.pop();
        paint();
      },
    },
    tr('Quick pick'),
  );
  const clearBtn = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: () => {
        if (busy) return;
        picks = [];
        resetDraw();
        ctx.sound.click();
        paint();
      },
    },
    tr('Clear'),
  );

  function resetDraw() {
    last = null;
    mount(drawnStrip);
    for (const c of cells) c.classList.remove('keno-cell--drawn', 'keno-cell--hit');
  }

  function tap(n: number) {
    if (busy) return;
    const res = togglePick(picks, n);
    if (res.full) {
      toast(tr('Pick at most {max} numbers', { max: KENO_MAX_PICKS }), 'info', 2000);
      return;
    }
    if (last) resetDraw();
    picks = res.picks;
    ctx.sound.tick();
    paint();
  }

  function paint() {
    cells.forEach((c, i) => {
      const on = picks.includes(i + 1);
      c.classList.toggle('keno-cell--picked', on);
      c.setAttribute('aria-pressed', String(on));
    });
    counter.textContent = tr('{count} / {max} picked', { count: picks.length, max: KENO_MAX_PICKS });
    playBtn.disabled = busy || picks.length === 0;
    quickBtn.disabled = clearBtn.disabled = busy;
    stakeCtl.disable(busy);
    const row = paytableRow(rows, Math.max(1, picks.length));
    const hits = last ? last.hits.length : -1;
    mount(
      pays,
      h(
        'div',
        { class: 'keno-pays__title' },
        picks.length
          ? picks.length > 1
            ? tr('Pays for {count} picks', { count: picks.length })
            : tr('Pays for 1 pick')
          : tr('Pick 1–10 numbers'),
      ),
      h(
        'table',
        { class: 'pay-mini' },
        h(
          'thead',
          null,
          h('tr', null, h('th', null, tr('Hits')), h('th', null, '×'), h('th', null, tr('Win'))),
        ),
        h(
          'tbody',
          null,
          picks.length
            ? row.map((r) =>
                h(
                  'tr',
                  { class: r.hits === hits ? 'keno-pays__hit' : '' },
                  h('td', null, String(r.hits)),
                  h('td', null, String(r.multiplier)),
                  h(
                    'td',
                    null,
                    formatMoney(Math.floor(stake * r.multiplier * 100) / 100, ctx.wallet.currency),
                  ),
                ),
              )
            : null,
        ),
      ),
    );
  }

  async function play() {
    const { kenoBetSchema } = await loadSchemas();
    if (busy || !ctx.requireOnline()) return;
    const body = { picks: [...picks].sort((a, b) => a - b), amount: stake };
    const check = kenoBetSchema.safeParse(body);
    if (!check.success) return toast(firstIssue(check.error));
    busy = true;
    resetDraw();
    paint();
    try {
      const { round, balance } = await ctx.api.request(
        'POST',
        '/loto/play',
        body,
        (schemas) => schemas.studioRoundResponseSchema,
      );
      if (round.game !== 'loto') throw new Error('Unexpected round');
      ctx.wallet.preview(Math.round(((ctx.wallet.balance ?? 0) - round.stake / 100) * 100) / 100);
      await animateDraw(round.result);
      last = round.result;
      ctx.afterRound(round, balance);
      if (round.result.payout > 0) {
        toast(
          tr('{hits} hits · ×{multiplier} · you win {amount}', {
            hits: round.result.hits.length,
            multiplier: round.result.multiplier,
            amount: formatCents(round.result.payout, ctx.wallet.currency),
          }),
          'win',
        );
        ctx.sound.win(round.result.multiplier >= 10);
      } else ctx.sound.lose();
    } catch (error) {
      ctx.fail(error);
    } finally {
      busy = false;
      paint();
    }
  }

  async function animateDraw(r: KenoResult) {
    const step = reducedMotion() ? 0 : 140;
    const pickSet = new Set(r.picks);
    for (const n of r.drawn) {
      const hit = pickSet.has(n);
      const cell = cells[n - 1];
      cell?.classList.add('keno-cell--drawn');
      if (hit) cell?.classList.add('keno-cell--hit');
      drawnStrip.append(h('span', { class: `keno-ball${hit ? ' keno-ball--hit' : ''}` }, String(n)));
      if (hit) ctx.sound.pop();
      else ctx.sound.tick();
      await sleep(step);
    }
  }

  mount(
    ctx.stage,
    h(
      'div',
      { class: 'keno' },
      h('div', { class: 'keno-main' }, h('div', { class: 'keno-head' }, counter, drawnStrip), board),
      h('aside', { class: 'keno-side glass' }, pays),
    ),
  );
  mount(ctx.controls, h('div', { class: 'ctl-row' }, clearBtn, quickBtn), stakeCtl.el, playBtn);
  paint();

  afterFirstPaint(() => {
    ctx.api
      .request('GET', '/games/loto/info', undefined, (schemas) => schemas.studioGameInfoResponseSchema, false)
      .then((info) => {
        const table = info.paytable[0];
        if (table) {
          rows = table.rows;
          paint();
        }
      })
      .catch(() => undefined);
  });
});
