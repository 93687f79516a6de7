/**
 * The text of the one statement every ledger posting is written with, in its five shapes. Its values come in
 * as the rows of `input` (one row, or one per posting of a batch: the same text either way), each value a
 * typed column named once here, so callers bind an object, never positions.
 */
import { liveBanExistsText } from '../identity/index.ts';
import {
  countPlayText,
  countSessionBetText,
  countSessionWinText,
  limitedPlayerText,
  passedLimitText,
  playedOutLimitText,
  playWindowsText,
  withinLimitsText,
  withinPlayTimeText,
} from '../responsible-gaming/index.ts';

/** The values a posting statement binds, by name; each shape uses only some of them. */
export interface PostingValues {
  ledgerId: string;
  kind: string;
  reference: string;
  /** JSON text or null. */
  metadata: string | null;
  /** ISO time. */
  at: string;
  /** ISO time bans and the player's limits are read at (identity's clock), for a bet or a win. */
  banAt: string;
  /** Signed change of the moving account, minor units, as text (bigint). */
  amount: string;
  counterparty: string;
  /** The moving system account (shape 'system'). */
  account: string;
  userId: string;
  currency: string;
  eventId: string;
  /** The wallet.moved payload without its balance, as JSON text (the statement adds the balance). */
  event: string;
  sessionToken: string;
  provider: string;
  externalId: string;
  recordId: string;
  roundId: string;
  gameCode: string;
  referenceExternalId: string;
}

/** Each value's column type in `input`: it is cast there once, and read as typed everywhere else. */
const valueTypes: Record<keyof PostingValues, string> = {
  ledgerId: 'uuid',
  kind: 'ledger_kind',
  reference: 'text',
  metadata: 'jsonb',
  at: 'timestamptz',
  banAt: 'timestamptz',
  amount: 'bigint',
  counterparty: 'uuid',
  account: 'uuid',
  userId: 'uuid',
  currency: 'text',
  eventId: 'uuid',
  event: 'jsonb',
  sessionToken: 'text',
  provider: 'text',
  externalId: 'text',
  recordId: 'uuid',
  roundId: 'text',
  gameCode: 'text',
  referenceExternalId: 'text',
};

/**
 * player: a player's balance against a system account (deposits, withdrawals, bonuses, adjustments, refunds);
 * system: between two system accounts (a settled withdrawal); bet, win, winWithReference: a provider's game
 * call, which also checks the game session and writes the call's record.
 */
export type PostingShape = 'player' | 'system' | 'bet' | 'win' | 'winWithReference';

/** The name of a bound value: a posting's, or (`companion.<name>`) one of a companion's. */
export type BoundName = keyof PostingValues | `companion.${string}`;

export interface PostingStatement {
  /** node-postgres prepares a named statement once per connection. */
  name: string;
  text: string;
  /** The value bound to $1, $2, … (a batch's statement binds, for each, an array of every posting's). */
  order: BoundName[];
}

/** An expression of the current posting's value: a parameter, or in a batch a column of its row `inp`. */
type Param = (name: keyof PostingValues) => string;
/** A companion's value, by its own name, as Param. */
export type CompanionParam = (name: string) => string;

/**
 * Another module's part of a bet's statement, on its own tables (the studio's round: its seed pair's nonce and
 * the round row), so that the money and what it paid for are written together or not at all. Its text depends
 * only on `name`; the values are bound per call. `c(name)` is one of its values (as Param), so the same text
 * serves one bet or a batch, where they are columns of the posting's row `inp`: `before` joins `input inp`, `ready`
 * is a condition on `inp`, `after` writes `from moved inp` (the moved rows: the values, `account_id` and
 * `balance`), and each expression it adds carries `inp.in_i` for `ready` to find its row.
 */
export interface StatementCompanion {
  /** Names the composed statement. */
  name: string;
  /** Each value's SQL type, as it is cast in `input`. */
  types: Record<string, string>;
  build(c: CompanionParam): {
    /** Common table expressions (`x as (…)`, comma-separated) before the posting, which reads no table of theirs. */
    before: string;
    /** A condition the player's account update adds to its guards: the money moves only when it holds. */
    ready: string;
    /** Common table expressions after the posting; each writes only `from moved inp`. */
    after: string;
  };
}

const columnOf = (name: BoundName) =>
  `in_${name.replace('companion.', 'c_').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

/**
 * Composes a statement: `build` writes its expressions with the values it reads. One posting's statement
 * binds each value as a parameter (`$n::type`), and `input` is its one row; a batch's (`set`) binds each as
 * an array of every posting's, `input` has a row per posting, and a value is its row's column (`inp.in_…`).
 * Either way `input` numbers its rows by `in_i` from 1. (One posting's values stay parameters so that the
 * planner sees each lookup as a key, which it would not read through a join on a table it thinks small.)
 */
function compile(
  name: string,
  set: boolean,
  build: (p: Param, c: CompanionParam) => string,
  companion?: StatementCompanion,
): PostingStatement {
  const order: BoundName[] = [];
  const typeOf = (key: BoundName) => {
    const type = key.startsWith('companion.')
      ? companion?.types[key.slice('companion.'.length)]
      : valueTypes[key as keyof PostingValues];
    if (!type) throw new Error(`Posting statement ${name} has no type for ${key}`);
    return type;
  };
  const bind = (key: BoundName) => {
    if (!order.includes(key)) order.push(key);
    return set ? `inp.${columnOf(key)}` : `$${order.indexOf(key) + 1}::${typeOf(key)}`;
  };
  const body = build(bind, (key) => bind(`companion.${key}`));
  const input = set
    ? `select * from unnest(${order.map((key, at) => `$${at + 1}::${typeOf(key)}[]`).join(', ')})
        with ordinality as t(${order.map(columnOf).join(', ')}, in_i)`
    : 'select 1::bigint as in_i';
  return { name, text: `with input as (${input}), ${body}`, order };
}

/**
 * One round trip, atomic without a transaction: the moving account is updated under its guards, and the
 * ledger transaction, both entries, the game call's record and the wallet.moved event are inserted only if
 * it was. A concurrent duplicate hits a unique index (the ledger reference, the provider's transaction id)
 * and undoes the whole statement; the caller runs it again and meets the first one's rows.
 *
 * Every expression is over the postings' rows: `input inp` before the account update, `moved inp` (the
 * rows that moved, with `account_id` and `balance`) after it, so one text serves one posting or a batch of
 * game calls of different players. The answer has one row per posting, `i` its place (from 0).
 */
function postingText(
  shape: PostingShape,
  p: Param,
  companion?: ReturnType<StatementCompanion['build']>,
  limited = false,
) {
  const game = shape === 'bet' || shape === 'win' || shape === 'winWithReference';
  const toPlayer = shape !== 'system';
  const at = p('at');
  const amount = p('amount');
  const ledgerId = p('ledgerId');
  const userId = toPlayer ? p('userId') : '';
  const currency = toPlayer ? p('currency') : '';
  // A game call's kinds are fixed by its shape; the other postings bind theirs.
  const kind = game ? `'${shape === 'bet' ? 'BET' : 'WIN'}'::ledger_kind` : p('kind');
  const gameKind = `'${shape === 'bet' ? 'BET' : 'WIN'}'::game_transaction_kind`;

  const session = game
    ? `s as (
        select inp.in_i, g.user_id, g.currency_code, g.provider_code, g.expires_at
        from input inp join game_sessions g on g.token = ${p('sessionToken')}
      ), `
    : '';
  const prior = game
    ? `select 1 from game_transactions where provider_code = ${p('provider')} and external_id = ${p('externalId')}`
    : `select 1 from ledger_transactions where reference = ${p('reference')}`;
  // A win that names its bet waits for any rollback of that bet (FOR SHARE) and is refused if it happened.
  const ref =
    shape === 'winWithReference'
      ? `ref as (
        select inp.in_i, g.status, g.kind, g.user_id from input inp
        join game_transactions g on g.provider_code = ${p('provider')} and g.external_id = ${p('referenceExternalId')}
        for share of g), `
      : '';
  // A bet needs a live session and a player without a live ban (identity's rule, read here rather than in a
  // statement of its own); a win is owed to the player whatever became of the session.
  const banned = shape === 'bet' ? liveBanExistsText(userId, p('banAt')) : 'null';
  // Responsible gaming: a bet of a player with limits moves nothing on the one-statement path (its refusal
  // says `limited`, and the wallet runs the limited path); there, the bet must stay within the limits.
  const rgAt = game ? p('banAt') : '';
  const stake = `(-${amount})`;
  const limitedPlayer = shape === 'bet' ? limitedPlayerText(userId, currency) : 'false';
  const limitGuard =
    shape !== 'bet'
      ? ''
      : limited
        ? `and (${currency} <> 'USD' or (${withinLimitsText(userId, stake, rgAt)} and ${withinPlayTimeText(userId, rgAt)}))`
        : `and not ${limitedPlayer}`;
  const sessionGuard = game
    ? `and exists (
          select 1 from s
          where s.in_i = inp.in_i and s.user_id = ${userId} and s.currency_code = ${currency}
            and s.provider_code = ${p('provider')} ${shape === 'bet' ? `and s.expires_at > ${at}` : ''})
        ${shape === 'bet' ? `and not ${banned}` : ''} ${limitGuard}`
    : '';
  const refGuard = ref
    ? `and exists (select 1 from ref where ref.in_i = inp.in_i and ref.kind = 'BET' and ref.status = 'OK'
        and ref.user_id = ${userId})`
    : '';
  const moved = toPlayer
    ? `update wallet_accounts a set balance = a.balance + ${amount}, updated_at = ${at}
        from input inp
        where a.user_id = ${userId} and a.currency_code = ${currency} and a.balance + ${amount} >= 0
          and not exists (${prior}) ${sessionGuard} ${refGuard}
          ${companion ? `and ${companion.ready}` : ''}
        returning inp.*, a.id as account_id, a.balance`
    : `select inp.*, ${p('account')} as account_id, null::bigint as balance from input inp
        where not exists (${prior})`;

  const gameRecord = game
    ? `, gt as (
        insert into game_transactions (id, provider_code, external_id, kind, status, user_id, currency_code, amount,
          round_id, game_code, reference_external_id, ledger_transaction_id, balance_after, created_at)
        select ${p('recordId')}, ${p('provider')}, ${p('externalId')}, ${gameKind},
          'OK'::game_transaction_status, ${userId}, ${currency}, abs(${amount}), ${p('roundId')}, ${p('gameCode')},
          ${ref ? p('referenceExternalId') : 'null'}, ${ledgerId}, inp.balance, ${at} from moved inp)`
    : '';
  // The session's first accepted bet marks it played: only played sessions are the player's game history.
  const played =
    shape === 'bet'
      ? `, played as (
        update game_sessions g set played_at = ${at} from moved inp
        where g.token = ${p('sessionToken')} and g.played_at is null)`
      : '';
  // A limited player's play is counted in its hour (bets on the limited path, every win).
  const counted =
    (shape === 'bet' && limited) || (game && shape !== 'bet')
      ? `, ${countPlayText('rg_counted', 'moved inp', {
          userId,
          currency,
          at: rgAt,
          stake: shape === 'bet' ? stake : '0',
          win: shape === 'bet' ? '0' : amount,
        })}`
      : '';
  // Every real-money bet and win counts in the player's play session (one key upsert, in this statement).
  const playSession = !game
    ? ''
    : shape === 'bet'
      ? `, ${countSessionBetText('rg_session', 'moved inp', { userId, currency, at: rgAt, stake })}`
      : `, ${countSessionWinText('rg_session', 'moved inp', { userId, currency, win: amount })}`;
  // The limited path is one posting's statement: its window sums read that one player's hours.
  const windows = shape === 'bet' && limited ? `${playWindowsText(userId, rgAt)}, ` : '';
  const event = toPlayer
    ? `, ev as (
        insert into domain_events (id, name, payload, created_at)
        select ${p('eventId')}, 'wallet.moved', ${p('event')} || jsonb_build_object('balance', inp.balance), ${at}
        from moved inp)`
    : '';

  const currentBalance = toPlayer
    ? `(select balance from wallet_accounts where user_id = ${userId} and currency_code = ${currency})`
    : 'null';
  const referenceState = ref
    ? `(select case when ref.kind <> 'BET' then 'MISMATCH'
          when ref.user_id is null or ref.status = 'ROLLED_BACK' then 'ROLLED_BACK'
          when ref.user_id <> ${userId} then 'MISMATCH' else 'OK' end from ref where ref.in_i = inp.in_i)`
    : 'null';
  const sessionField = (column: string) => (game ? `s.${column}` : 'null');

  return `${session}${ref}${windows}${companion ? `${companion.before}, ` : ''}moved as (
      ${moved}
    ), lt as (
      insert into ledger_transactions (id, kind, reference, metadata, created_at)
      select ${ledgerId}, ${kind}, ${p('reference')}, ${p('metadata')}, ${at} from moved inp
    ), le as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select ${ledgerId}, inp.account_id, ${amount}, inp.balance from moved inp
      union all
      select ${ledgerId}, ${p('counterparty')}, -${amount}, null from moved inp
    )${gameRecord}${played}${counted}${playSession}${event}${companion ? `, ${companion.after}` : ''}
    select inp.in_i - 1 as i, m.account_id is not null as moved, m.balance,
      ${companion ? companion.ready : 'true'} as companion_ready,
      case when m.account_id is null then json_build_object(
        'current_balance', ${currentBalance},
        'session_user', ${sessionField('user_id')}, 'session_currency', ${sessionField('currency_code')},
        'session_provider', ${sessionField('provider_code')}, 'session_expires', ${sessionField('expires_at')},
        'reference_state', ${referenceState}, 'banned', ${banned},
        'limited', ${limited ? 'true' : limitedPlayer},
        'over_limit', ${limited ? passedLimitText(userId, stake, rgAt) : 'null'},
        'played_out', ${limited ? playedOutLimitText(userId, rgAt) : 'null'}) end as diagnosis
    from input inp ${game ? 'left join s on s.in_i = inp.in_i ' : ''}left join moved m on m.in_i = inp.in_i
    order by inp.in_i`;
}

const withCompanion = new Map<string, PostingStatement>();

/**
 * A bet's statement with a companion's pieces (compiled once per companion), on the one-statement path or
 * (`limited`) a player with limits'.
 */
export function betWith(companion: StatementCompanion, limited = false): PostingStatement {
  const name = `${limited ? 'wallet_bet_limited' : 'wallet_bet'}+${companion.name}`;
  let statement = withCompanion.get(name);
  if (!statement) {
    statement = compile(name, false, (p, c) => postingText('bet', p, companion.build(c), limited), companion);
    withCompanion.set(name, statement);
  }
  return statement;
}

/** A limited player's bet without a companion. */
export const limitedBetStatement = compile('wallet_bet_limited', false, (p) =>
  postingText('bet', p, undefined, true),
);

export const postingStatements: Record<PostingShape, PostingStatement> = {
  player: compile('wallet_post_player', false, (p) => postingText('player', p)),
  system: compile('wallet_post_system', false, (p) => postingText('system', p)),
  bet: compile('wallet_bet', false, (p) => postingText('bet', p)),
  win: compile('wallet_win', false, (p) => postingText('win', p)),
  winWithReference: compile('wallet_win_ref', false, (p) => postingText('winWithReference', p)),
};

/** The game-call shapes a batch can hold: one shape per batch, every posting of a different player. */
export type BatchShape = 'bet' | 'win' | 'winWithReference';

const batchStatements = new Map<string, PostingStatement>();

/**
 * Game calls of one shape in one statement, so one round trip and one commit, whatever their number: each
 * value is bound as an array of every posting's, `input` has a row per posting, and the one text's guards,
 * rows, event and a bet's companion apply to each row. All read one snapshot, so no two may touch the same
 * player (the caller's rule). One answer row per posting, `i` its place in the batch.
 */
export function batchStatement(shape: BatchShape, companion?: StatementCompanion): PostingStatement {
  if (companion && shape !== 'bet') throw new Error('Only a bet takes a companion');
  const name = `wallet_${shape}${companion ? `+${companion.name}` : ''}_set`;
  let statement = batchStatements.get(name);
  if (!statement) {
    statement = compile(name, true, (p, c) => postingText(shape, p, companion?.build(c)), companion);
    batchStatements.set(name, statement);
  }
  return statement;
}
