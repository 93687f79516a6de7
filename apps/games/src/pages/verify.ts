// First: zod's settings must precede every schema the contracts build on import.
import '../shared/zod-setup.ts';
import '../styles/studio.css';
import '../games/keno/keno.css';
import './pages.css';
import {
  isStudioApiGameCode,
  type StudioApiGameCode,
  type StudioRound,
  studioVerifyRequestSchema,
} from '@paws/contracts/studio-api';
import { StudioInputError } from '@paws/studio-engine/errors';
import { firstIssue } from '../shared/api.ts';
import { h, mount } from '../shared/dom.ts';
import { GAMES, gameMeta } from '../shared/games.ts';
import { recordedRoundOf, verifyInput } from '../shared/verify-link.ts';
import {
  compareWithRecorded,
  type Recomputed,
  type RecordedCheck,
  recompute,
  type Verdict,
} from '../shared/verify-round.ts';
import { describeOutcome } from './verify-outcome.ts';

const params = new URLSearchParams(location.search);
/** The round as the studio recorded it, when the page was opened from the round history. */
const recorded: StudioRound | null = recordedRoundOf(location.hash);
const paramGame = params.get('game') ?? '';
const initialGame: StudioApiGameCode =
  recorded?.game ?? (isStudioApiGameCode(paramGame) ? paramGame : 'european-roulette');
let prefill: Record<string, unknown> = {};
try {
  prefill = recorded
    ? ((verifyInput(recorded) ?? {}) as Record<string, unknown>)
    : (JSON.parse(params.get('input') ?? '{}') as Record<string, unknown>);
} catch {
  prefill = {};
}
const bet = (prefill.bet ?? {}) as Record<string, unknown>;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const field = (label: string, input: HTMLElement) =>
  h('label', { class: 'field' }, h('span', { class: 'seed__label' }, label), input);
const input = (name: string, value = '', attrs: Record<string, unknown> = {}) =>
  h('input', { class: 'field__input', name, value, autocomplete: 'off', spellcheck: 'false', ...attrs });

const gameSelect = h(
  'select',
  { name: 'game' },
  GAMES.map((g) => h('option', { value: g.code, selected: g.code === initialGame }, g.title)),
);
const serverSeed = input('serverSeed', recorded?.serverSeed ?? params.get('serverSeed') ?? '', {
  placeholder: '64 hex characters',
});
const expectedHash = input('expectedHash', recorded?.serverSeedHash ?? params.get('serverSeedHash') ?? '', {
  placeholder: 'optional: the hash you were shown',
});
const clientSeed = input(
  'clientSeed',
  recorded?.clientSeed ??
    params.get('clientSeed') ??
    (initialGame === 'european-roulette' ? 'paws-live-roulette' : ''),
);
const nonce = input('nonce', recorded ? String(recorded.nonce) : (params.get('nonce') ?? '0'), {
  inputmode: 'numeric',
});
const amount = input('amount', str(bet.amount ?? bet.stake ?? '1'), { inputmode: 'decimal' });
const actions = input('actions', Array.isArray(prefill.actions) ? prefill.actions.join(', ') : '', {
  placeholder: 'e.g. hit, stand',
});
const player = input('player', str(bet.player), { inputmode: 'decimal' });
const banker = input('banker', str(bet.banker), { inputmode: 'decimal' });
const tie = input('tie', str(bet.tie), { inputmode: 'decimal' });
const fund = h(
  'select',
  { name: 'fund' },
  h('option', { value: 'cash', selected: bet.fund !== 'freeSpin' }, 'Cash'),
  h('option', { value: 'freeSpin', selected: bet.fund === 'freeSpin' }, 'Free spin'),
);
const picks = input('picks', Array.isArray(bet.picks) ? bet.picks.join(', ') : '', {
  placeholder: 'e.g. 3, 17, 42',
});
const heldBoxes = Array.from({ length: 5 }, (_, i) =>
  h('input', { type: 'checkbox', checked: Array.isArray(prefill.held) && prefill.held[i] === true }),
);
const drawn = h('input', { type: 'checkbox', checked: Array.isArray(prefill.held) });

const gameFields = h('div', { class: 'verify__grid' });
function paintFields() {
  const g = gameSelect.value as StudioApiGameCode;
  const rows: Record<StudioApiGameCode, HTMLElement[]> = {
    'european-roulette': [
      h(
        'p',
        { class: 'muted small' },
        'The live table: client seed “paws-live-roulette”, nonce = round number.',
      ),
    ],
    blackjack: [field('Bet', amount), field('Actions in order', actions)],
    baccarat: [field('Player bet', player), field('Banker bet', banker), field('Tie bet', tie)],
    'video-poker': [
      field('Bet', amount),
      h(
        'div',
        { class: 'field' },
        h('span', { class: 'seed__label' }, 'Draw'),
        h(
          'div',
          { class: 'verify__holds' },
          h('label', null, drawn, 'drawn, holding:'),
          heldBoxes.map((b, i) => h('label', null, b, String(i + 1))),
        ),
      ),
    ],
    'wild-paws': [field('Paid with', fund), field('Stake (multiple of 0.20)', amount)],
    loto: [field('Picks', picks), field('Bet', amount)],
  };
  mount(gameFields, rows[g]);
}
gameSelect.addEventListener('change', () => {
  if (gameSelect.value === 'european-roulette' && !clientSeed.value) clientSeed.value = 'paws-live-roulette';
  paintFields();
});

function buildRequest(): unknown {
  const g = gameSelect.value as StudioApiGameCode;
  const base = {
    game: g,
    serverSeed: serverSeed.value.trim(),
    clientSeed: clientSeed.value,
    nonce: Number(nonce.value),
  };
  const money = (el: HTMLInputElement) => (el.value.trim() === '' ? undefined : Number(el.value));
  switch (g) {
    case 'european-roulette':
      return base;
    case 'blackjack':
      return {
        ...base,
        input: { bet: { amount: money(amount) }, actions: actions.value.split(/[\s,]+/).filter(Boolean) },
      };
    case 'baccarat':
      return { ...base, input: { bet: { player: money(player), banker: money(banker), tie: money(tie) } } };
    case 'video-poker':
      return {
        ...base,
        input: {
          bet: { amount: money(amount) },
          held: drawn.checked ? heldBoxes.map((b) => b.checked) : null,
        },
      };
    case 'wild-paws':
      return {
        ...base,
        input: {
          bet: fund.value === 'freeSpin' ? { fund: 'freeSpin' } : { fund: 'cash', stake: money(amount) },
        },
      };
    case 'loto':
      return {
        ...base,
        input: {
          bet: {
            picks: picks.value
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number),
            amount: money(amount),
          },
        },
      };
  }
}

const error = h('p', { class: 'field__error', role: 'alert' });
const out = h('section', { class: 'verify__out glass', hidden: true, 'aria-live': 'polite' });
const submit = h('button', { class: 'btn btn--primary', type: 'submit' }, 'Verify');

function verify(e?: Event) {
  e?.preventDefault();
  error.textContent = '';
  const check = studioVerifyRequestSchema.safeParse(buildRequest());
  if (!check.success) {
    const issue = check.error.issues[0];
    error.textContent = `${issue?.path.join('.') ?? ''}: ${firstIssue(check.error)}`.replace(/^: /, '');
    return;
  }
  let local: Recomputed;
  try {
    local = recompute(check.data);
  } catch (err) {
    error.textContent = err instanceof StudioInputError ? err.message : 'Could not recompute this round';
    return;
  }
  const against = recorded && recorded.game === local.game ? recorded : null;
  showResult(local, against ? { round: against, check: compareWithRecorded(against, local) } : null);
}

const VERDICT_TEXT: Record<'outcome' | 'money', Record<Verdict, string>> = {
  outcome: {
    match: 'Same outcome as the recorded round',
    mismatch: 'Differs from the recorded round',
    pending: 'The recorded round is not settled yet',
  },
  money: {
    match: 'Stake and payout are what the rules pay',
    mismatch: 'Stake or payout differ from what the rules pay',
    pending: 'The recorded round is not finished yet',
  },
};

const badge = (ok: boolean | null, text: string) =>
  h('span', { class: `verify__match verify__match--${ok === null ? 'wait' : ok ? 'ok' : 'bad'}` }, text);
const verdictBadge = (kind: 'outcome' | 'money', verdict: Verdict) =>
  badge(verdict === 'pending' ? null : verdict === 'match', VERDICT_TEXT[kind][verdict]);

function showResult(local: Recomputed, compared: { round: StudioRound; check: RecordedCheck } | null) {
  const check = compared?.check ?? null;
  const expected = expectedHash.value.trim().toLowerCase();
  mount(
    out,
    h('h2', null, `${gameMeta(local.game).title} — recomputed in your browser`),
    h(
      'div',
      { class: 'seed' },
      h('span', { class: 'seed__label' }, 'SHA-256 of the server seed (computed here)'),
      h('code', { class: 'seed__value' }, local.serverSeedHash),
    ),
    h(
      'p',
      { class: 'verify__verdicts' },
      expected
        ? badge(
            expected === local.serverSeedHash,
            expected === local.serverSeedHash
              ? 'Matches the hash shown before play'
              : 'Does not match the hash shown before play',
          )
        : h('span', { class: 'muted small' }, 'Enter the hash you were shown before play to compare it.'),
      check ? [' ', verdictBadge('outcome', check.outcome), ' ', verdictBadge('money', check.money)] : null,
    ),
    check
      ? null
      : h(
          'p',
          { class: 'muted small' },
          'No recorded round to compare with: open this page from a round in your history, or compare the result below with it.',
        ),
    h('h3', null, 'Result'),
    describeOutcome(local.result),
    h(
      'details',
      null,
      h('summary', { class: 'muted small' }, 'Raw result'),
      h('pre', { class: 'verify__json' }, JSON.stringify(local.result, null, 2)),
    ),
    compared && check?.outcome === 'mismatch'
      ? h(
          'details',
          { open: true },
          h('summary', { class: 'muted small' }, 'What the round recorded'),
          h('pre', { class: 'verify__json' }, JSON.stringify(compared.round.result, null, 2)),
        )
      : null,
  );
  out.hidden = false;
}

const app = h(
  'div',
  { class: 'app verify' },
  h(
    'header',
    { class: 'lobby__head' },
    h(
      'div',
      null,
      h('h1', { class: 'verify__title' }, 'Verify a round'),
      h(
        'p',
        { class: 'muted' },
        'Recompute any round from its seeds, here in your browser: this page runs the studio’s own game rules on the HMAC-SHA256 stream of the server seed, client seed and nonce, and asks our server nothing.',
      ),
    ),
    h('a', { class: 'btn btn--ghost', href: './index.html' }, 'Studio lobby'),
  ),
  h(
    'form',
    { class: 'verify__form glass', onsubmit: verify },
    h(
      'div',
      { class: 'verify__grid' },
      field('Game', gameSelect),
      field('Nonce', nonce),
      field('Server seed (revealed)', serverSeed),
      field('Server seed hash you were shown', expectedHash),
      field('Client seed', clientSeed),
    ),
    gameFields,
    error,
    submit,
  ),
  out,
);
paintFields();
document.getElementById('app')?.replaceWith(app);
document.body.dataset.ready = 'true';
if (recorded?.serverSeed || params.get('serverSeed')) verify();
