/**
 * The text of the one statement every ledger posting is written with, in its five shapes. Parameters are
 * named (`p('amount')`) and numbered here once per shape, so callers bind an object, never positions.
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
  /** The value bound to $1, $2, … */
  order: BoundName[];
}

type Param = (name: keyof PostingValues) => string;
/** A companion's parameter, by its own name. */
export type CompanionParam = (name: string) => string;

/**
 * Another module's part of a bet's statement, on its own tables (the studio's round: its seed pair's nonce and
 * the round row), so that the money and what it paid for are written together or not at all. Its text depends
 * only on `name`; the values are bound per call.
 */
export interface StatementCompanion {
  /** Names the composed statement. */
  name: string;
  /**
   * `cte` names each of its common table expressions and the posting's (`cte('moved')`): in a batch of
   * several postings each one's expressions have names of their own.
   */
  build(
    p: CompanionParam,
    cte: (name: string) => string,
  ): {
    /** Common table expressions (`x as (…)`, comma-separated) before the posting, which reads no table of theirs. */
    before: string;
    /** A condition the player's account update adds to its guards: the money moves only when it holds. */
    ready: string;
    /** Common table expressions after the posting; each writes only `from moved` (the account: id, balance). */
    after: string;
  };
}

function compile(name: string, build: (p: Param, c: CompanionParam) => string): PostingStatement {
  const order: BoundName[] = [];
  const bind = (key: BoundName) => {
    const index = order.indexOf(key);
    if (index >= 0) return `$${index + 1}`;
    order.push(key);
    return `$${order.length}`;
  };
  return { name, text: build(bind, (key) => bind(`companion.${key}`)), order };
}

/**
 * One round trip, atomic without a transaction: the moving account is updated under its guards, and the
 * ledger transaction, both entries, the game call's record and the wallet.moved event are inserted only if
 * it was. A concurrent duplicate hits a unique index (the ledger reference, the provider's transaction id)
 * and undoes the whole statement; the caller runs it again and meets the first one's rows.
 */
function postingText(
  shape: PostingShape,
  p: Param,
  companion?: ReturnType<StatementCompanion['build']>,
  limited = false,
) {
  const { ctes, answer } = postingParts(shape, p, companion, limited);
  return `with ${ctes} ${answer}`;
}

/**
 * The posting's common table expressions and the select answering it. `cte` names each expression, so that
 * several postings' parts can sit in one statement (a batch) under names of their own.
 */
function postingParts(
  shape: PostingShape,
  p: Param,
  companion?: ReturnType<StatementCompanion['build']>,
  limited = false,
  cte: (name: string) => string = (name) => name,
) {
  // The responsible-gaming pieces read the moved account as `moved`.
  const movedIn = (text: string) => text.replace(/\bfrom moved\b/g, `from ${cte('moved')}`);
  const game = shape === 'bet' || shape === 'win' || shape === 'winWithReference';
  const toPlayer = shape !== 'system';
  const at = `${p('at')}::timestamptz`;
  const amount = `${p('amount')}::bigint`;
  const ledgerId = `${p('ledgerId')}::uuid`;
  const userId = toPlayer ? `${p('userId')}::uuid` : '';
  const currency = toPlayer ? p('currency') : '';
  // A game call's kinds are fixed by its shape; the other postings bind theirs.
  const kind = game ? `'${shape === 'bet' ? 'BET' : 'WIN'}'` : p('kind');

  const session = game
    ? `${cte('s')} as (
        select user_id, currency_code, provider_code, expires_at from game_sessions where token = ${p('sessionToken')}
      ), `
    : '';
  const prior = game
    ? `select 1 from game_transactions where provider_code = ${p('provider')} and external_id = ${p('externalId')}`
    : `select 1 from ledger_transactions where reference = ${p('reference')}`;
  // A win that names its bet waits for any rollback of that bet (FOR SHARE) and is refused if it happened.
  const ref =
    shape === 'winWithReference'
      ? `, ${cte('ref')} as (
        select status, kind, user_id from game_transactions
        where provider_code = ${p('provider')} and external_id = ${p('referenceExternalId')} for share)`
      : '';
  // A bet needs a live session and a player without a live ban (identity's rule, read here rather than in a
  // statement of its own); a win is owed to the player whatever became of the session.
  const banned = shape === 'bet' ? liveBanExistsText(userId, `${p('banAt')}::timestamptz`) : 'null';
  // Responsible gaming: a bet of a player with limits moves nothing on the one-statement path (its refusal
  // says `limited`, and the wallet runs the limited path); there, the bet must stay within the limits.
  const rgAt = game ? `${p('banAt')}::timestamptz` : '';
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
          select 1 from ${cte('s')} s
          where s.user_id = ${userId} and s.currency_code = ${currency} and s.provider_code = ${p('provider')}
            ${shape === 'bet' ? `and s.expires_at > ${at}` : ''})
        ${shape === 'bet' ? `and not ${banned}` : ''} ${limitGuard}`
    : '';
  const refGuard = ref
    ? `and exists (select 1 from ${cte('ref')} ref where ref.kind = 'BET' and ref.status = 'OK' and ref.user_id = ${userId})`
    : '';
  const moved = toPlayer
    ? `update wallet_accounts set balance = balance + ${amount}, updated_at = ${at}
        where user_id = ${userId} and currency_code = ${currency} and balance + ${amount} >= 0
          and not exists (select 1 from ${cte('prior')}) ${sessionGuard} ${refGuard}
          ${companion ? `and ${companion.ready}` : ''}
        returning id, balance`
    : `select ${p('account')}::uuid as id, null::bigint as balance where not exists (select 1 from ${cte('prior')})`;

  const gameRecord = game
    ? `, ${cte('gt')} as (
        insert into game_transactions (id, provider_code, external_id, kind, status, user_id, currency_code, amount,
          round_id, game_code, reference_external_id, ledger_transaction_id, balance_after, created_at)
        select ${p('recordId')}::uuid, ${p('provider')}, ${p('externalId')}, ${kind}::game_transaction_kind,
          'OK'::game_transaction_status, ${userId}, ${currency}, abs(${amount}), ${p('roundId')}, ${p('gameCode')},
          ${ref ? p('referenceExternalId') : 'null'}, ${ledgerId}, balance, ${at} from ${cte('moved')})`
    : '';
  // The session's first accepted bet marks it played: only played sessions are the player's game history.
  const played =
    shape === 'bet'
      ? `, ${cte('played')} as (
        update game_sessions set played_at = ${at}
        where token = ${p('sessionToken')} and played_at is null and exists (select 1 from ${cte('moved')}))`
      : '';
  // A limited player's play is counted in its hour (bets on the limited path, every win).
  const counted =
    (shape === 'bet' && limited) || (game && shape !== 'bet')
      ? `, ${movedIn(
          countPlayText(cte('rg_counted'), {
            userId,
            currency,
            at: rgAt,
            stake: shape === 'bet' ? stake : '0',
            win: shape === 'bet' ? '0' : amount,
          }),
        )}`
      : '';
  // Every real-money bet and win counts in the player's play session (one key upsert, in this statement).
  const playSession = !game
    ? ''
    : shape === 'bet'
      ? `, ${movedIn(countSessionBetText(cte('rg_session'), { userId, currency, at: rgAt, stake }))}`
      : `, ${movedIn(countSessionWinText(cte('rg_session'), { userId, currency, win: amount }))}`;
  const windows = shape === 'bet' && limited ? `, ${playWindowsText(userId, rgAt)}` : '';
  const event = toPlayer
    ? `, ${cte('ev')} as (
        insert into domain_events (id, name, payload, created_at)
        select ${p('eventId')}::uuid, 'wallet.moved', ${p('event')}::jsonb || jsonb_build_object('balance', balance), ${at}
        from ${cte('moved')})`
    : '';

  const currentBalance = toPlayer
    ? `(select balance from wallet_accounts where user_id = ${userId} and currency_code = ${currency})`
    : 'null';
  const referenceState = ref
    ? `(select case when ref.kind <> 'BET' then 'MISMATCH'
          when ref.user_id is null or ref.status = 'ROLLED_BACK' then 'ROLLED_BACK'
          when ref.user_id <> ${userId} then 'MISMATCH' else 'OK' end from ${cte('ref')} ref)`
    : 'null';
  const sessionField = (column: string) => (game ? `s.${column}` : 'null');

  const ctes = `
    ${session}${cte('prior')} as (${prior})${ref}${windows}${companion ? `, ${companion.before}` : ''}, ${cte('moved')} as (
      ${moved}
    ), ${cte('lt')} as (
      insert into ledger_transactions (id, kind, reference, metadata, created_at)
      select ${ledgerId}, ${kind}::ledger_kind, ${p('reference')}, ${p('metadata')}::jsonb, ${at} from ${cte('moved')}
    ), ${cte('le')} as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select ${ledgerId}, id, ${amount}, balance from ${cte('moved')}
      union all
      select ${ledgerId}, ${p('counterparty')}::uuid, -${amount}, null from ${cte('moved')}
    )${gameRecord}${played}${counted}${playSession}${event}${companion ? `, ${companion.after}` : ''}`;
  const answer = `
    select m.id is not null as moved, m.balance, ${companion ? companion.ready : 'true'} as companion_ready,
      case when m.id is null then json_build_object(
        'current_balance', ${currentBalance},
        'session_user', ${sessionField('user_id')}, 'session_currency', ${sessionField('currency_code')},
        'session_provider', ${sessionField('provider_code')}, 'session_expires', ${sessionField('expires_at')},
        'reference_state', ${referenceState}, 'banned', ${banned},
        'limited', ${limited ? 'true' : limitedPlayer},
        'over_limit', ${limited ? passedLimitText(userId, stake, rgAt) : 'null'},
        'played_out', ${limited ? playedOutLimitText(userId, rgAt) : 'null'}) end as diagnosis
    from (select 1) one ${game ? `left join ${cte('s')} s on true ` : ''}left join ${cte('moved')} m on true`;
  return { ctes, answer };
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
    statement = compile(name, (p, c) =>
      postingText(
        'bet',
        p,
        companion.build(c, (cte) => cte),
        limited,
      ),
    );
    withCompanion.set(name, statement);
  }
  return statement;
}

/** A limited player's bet without a companion. */
export const limitedBetStatement = compile('wallet_bet_limited', (p) =>
  postingText('bet', p, undefined, true),
);

export const postingStatements: Record<PostingShape, PostingStatement> = {
  player: compile('wallet_post_player', (p) => postingText('player', p)),
  system: compile('wallet_post_system', (p) => postingText('system', p)),
  bet: compile('wallet_bet', (p) => postingText('bet', p)),
  win: compile('wallet_win', (p) => postingText('win', p)),
  winWithReference: compile('wallet_win_ref', (p) => postingText('winWithReference', p)),
};

/** The game-call shapes a batch can hold: one shape per batch, every posting of a different player. */
export type BatchShape = 'bet' | 'win' | 'winWithReference';

/** A batch's statement: `$k` binds `order[k - 1]`, a value (or a companion's) of the batch's `item`-th posting. */
export interface BatchStatement {
  name: string;
  text: string;
  order: Array<{ item: number; key: BoundName }>;
}

const batchStatements = new Map<string, BatchStatement>();

/**
 * `size` game calls of one shape in one statement, so one round trip and one commit: each posting's own
 * expressions (its guards, its rows, its event, a bet's companion) under names of their own, and one answer
 * row per posting, `i` its place in the batch. All read one snapshot, so no two may touch the same player
 * (the caller's rule).
 */
export function batchStatement(
  shape: BatchShape,
  size: number,
  companion?: StatementCompanion,
): BatchStatement {
  if (companion && shape !== 'bet') throw new Error('Only a bet takes a companion');
  const name = `wallet_${shape}${companion ? `+${companion.name}` : ''}_x${size}`;
  let statement = batchStatements.get(name);
  if (!statement) {
    const order: BatchStatement['order'] = [];
    const parts = Array.from({ length: size }, (_, item) => {
      const bind = (key: BoundName) => {
        const index = order.findIndex((bound) => bound.item === item && bound.key === key);
        if (index >= 0) return `$${index + 1}`;
        order.push({ item, key });
        return `$${order.length}`;
      };
      const cte = (name: string) => `b${item}_${name}`;
      const own = companion?.build((key) => bind(`companion.${key}`), cte);
      return postingParts(shape, bind, own, false, cte);
    });
    const text = `with ${parts.map((part) => part.ctes).join(',')}
      ${parts.map((part, item) => part.answer.replace('select ', `select ${item} as i, `)).join(' union all ')}`;
    statement = { name, text, order };
    batchStatements.set(name, statement);
  }
  return statement;
}
