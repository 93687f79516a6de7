/**
 * A design candidate for issue 26's target 4, not the product's path: PostgreSQL CPU per bet of the wallet's
 * grouped bet statement (posting-statements.ts: one copy of the posting's expressions per bet) against a
 * set-based statement (the bets' values as arrays, `unnest`, one copy whatever the batch's size), the same
 * bets on one backend each, its CPU read from /proc. The set-based text here covers a plain bet only (no
 * companion, no limited player); the product's would also need the win shapes, the studio's companion and the
 * responsible-gaming pieces in set form.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:wallet-statements -w @paws/bench
 *
 * Knobs: BENCH_BATCH (bets a statement, 4), BENCH_BATCHES (statements a measure, 600), BENCH_ROUNDS (4; the
 * first of each side warms its table and indexes).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { batchStatement } from '../../apps/server/src/modules/wallet/posting-statements.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, seedWalletProviders } from '../../apps/server/src/modules/wallet/signature.ts';
import { fundPlayers } from '../lib/funded-players.ts';
import { adminQuery, databaseUrl, requireDatabaseUrl } from '../lib/postgres.ts';
import { processCpuMs } from './cpu-split.ts';

const adminUrl = requireDatabaseUrl('bench:wallet-statements');
const name = `paws_bench_statements_${Date.now()}`;
const url = databaseUrl(adminUrl, name);
const N = Number(process.env.BENCH_BATCH ?? 4);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

const setText = `
with input as (
  select * from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::timestamptz[], $5::timestamptz[], $6::bigint[],
    $7::uuid[], $8::uuid[], $9::text[], $10::uuid[], $11::jsonb[], $12::text[], $13::text[], $14::text[],
    $15::uuid[], $16::text[], $17::text[]) with ordinality
    as t(ledger_id, reference, metadata, at, ban_at, amount, counterparty, user_id, currency, event_id, event,
      session_token, provider, external_id, record_id, round_id, game_code, i)
), s as (
  select i.i, g.user_id, g.currency_code, g.provider_code, g.expires_at
  from input i join game_sessions g on g.token = i.session_token
), moved as (
  update wallet_accounts a set balance = a.balance + i.amount, updated_at = i.at
  from input i
  where a.user_id = i.user_id and a.currency_code = i.currency and a.balance + i.amount >= 0
    and not exists (select 1 from game_transactions g where g.provider_code = i.provider and g.external_id = i.external_id)
    and exists (select 1 from s where s.i = i.i and s.user_id = i.user_id and s.currency_code = i.currency
      and s.provider_code = i.provider and s.expires_at > i.at)
    and not exists (select 1 from bans where bans.user_id = i.user_id and bans.lifted_at is null
      and bans.starts_at <= i.ban_at and (bans.ends_at is null or bans.ends_at > i.ban_at))
    and not (i.currency = 'USD' and exists (select 1 from rg_accounts r where r.user_id = i.user_id))
  returning i.*, a.id as account_id, a.balance
), lt as (
  insert into ledger_transactions (id, kind, reference, metadata, created_at)
  select ledger_id, 'BET'::ledger_kind, reference, metadata, at from moved
), le as (
  insert into ledger_entries (transaction_id, account_id, amount, balance_after)
  select ledger_id, account_id, amount, balance from moved
  union all
  select ledger_id, counterparty, -amount, null from moved
), gt as (
  insert into game_transactions (id, provider_code, external_id, kind, status, user_id, currency_code, amount,
    round_id, game_code, reference_external_id, ledger_transaction_id, balance_after, created_at)
  select record_id, provider, external_id, 'BET'::game_transaction_kind, 'OK'::game_transaction_status, user_id,
    currency, abs(amount), round_id, game_code, null, ledger_id, balance, at from moved
), played as (
  update game_sessions g set played_at = m.at from moved m where g.token = m.session_token and g.played_at is null
), rg_session as (
  insert into rg_play_sessions (user_id, started_at, last_bet_at, stakes, wins, day, day_played_ms)
  select user_id, ban_at, ban_at, -amount, 0, date_trunc('day', ban_at, 'UTC'), 0 from moved where currency = 'USD'
  on conflict (user_id) do update set
    started_at = case when (rg_play_sessions.last_bet_at > excluded.last_bet_at - interval '30 minutes') then rg_play_sessions.started_at else excluded.started_at end,
    stakes = case when (rg_play_sessions.last_bet_at > excluded.last_bet_at - interval '30 minutes') then rg_play_sessions.stakes else 0 end + excluded.stakes,
    wins = case when (rg_play_sessions.last_bet_at > excluded.last_bet_at - interval '30 minutes') then rg_play_sessions.wins else 0 end,
    day_played_ms = ((case when rg_play_sessions.day = excluded.day then rg_play_sessions.day_played_ms else 0 end)
      + (case when (rg_play_sessions.last_bet_at > excluded.last_bet_at - interval '30 minutes') then (extract(epoch from greatest(interval '0', least(excluded.last_bet_at - rg_play_sessions.last_bet_at, excluded.last_bet_at - excluded.day))) * 1000)::bigint else 0 end)),
    day = excluded.day,
    last_bet_at = greatest(rg_play_sessions.last_bet_at, excluded.last_bet_at)
), ev as (
  insert into domain_events (id, name, payload, created_at)
  select event_id, 'wallet.moved', event || jsonb_build_object('balance', balance), at from moved
)
select i.i - 1 as i, m.account_id is not null as moved, m.balance, true as companion_ready,
  case when m.account_id is null then json_build_object(
    'current_balance', (select balance from wallet_accounts w where w.user_id = i.user_id and w.currency_code = i.currency),
    'session_user', s.user_id, 'session_currency', s.currency_code, 'session_provider', s.provider_code,
    'session_expires', s.expires_at, 'reference_state', null,
    'banned', exists (select 1 from bans where bans.user_id = i.user_id and bans.lifted_at is null
      and bans.starts_at <= i.ban_at and (bans.ends_at is null or bans.ends_at > i.ban_at)),
    'limited', (i.currency = 'USD' and exists (select 1 from rg_accounts r where r.user_id = i.user_id)),
    'over_limit', null, 'played_out', null) end as diagnosis
from input i left join s on s.i = i.i left join moved m on m.i = i.i order by i.i`;

const KEYS = [
  'ledgerId',
  'reference',
  'metadata',
  'at',
  'banAt',
  'amount',
  'counterparty',
  'userId',
  'currency',
  'eventId',
  'event',
  'sessionToken',
  'provider',
  'externalId',
  'recordId',
  'roundId',
  'gameCode',
] as const;

await adminQuery(adminUrl, `create database ${name}`);
try {
  const database = createDatabase({ url });
  await database.migrate();
  // The studio's provider row, as the wallet plugin seeds it: this bench has no app.
  await seedWalletProviders(database.db);
  const wallet = createWalletService({ db: database.db });
  const players = await fundPlayers(
    wallet,
    Array.from({ length: 400 }, () => randomUUID()),
  );
  const houseId = (
    (await database.db.execute(
      `select id from wallet_accounts where system_code = 'house' and currency_code = 'USD' limit 1`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows[0]!.id;
  await database.db.execute('vacuum analyze');
  await database.close();

  let seq = 0;
  const valuesFor = (p: { userId: string; token: string }) => {
    const id = `x${seq++}`;
    const at = new Date().toISOString();
    const ledgerId = randomUUID();
    return {
      ledgerId,
      reference: `game:${STUDIO_PROVIDER.code}:${id}`,
      metadata: JSON.stringify({ roundId: id, gameCode: 'bench' }),
      at,
      banAt: at,
      amount: '-1',
      counterparty: houseId,
      userId: p.userId,
      currency: 'USD',
      eventId: randomUUID(),
      event: JSON.stringify({
        kind: 'BET',
        userId: p.userId,
        currency: 'USD',
        amount: -1,
        ledgerTransactionId: ledgerId,
        at,
      }),
      sessionToken: p.token,
      provider: STUDIO_PROVIDER.code,
      externalId: id,
      recordId: randomUUID(),
      roundId: id,
      gameCode: 'bench',
    } as Record<(typeof KEYS)[number], string>;
  };
  const batchOf = (b: number) => Array.from({ length: N }, (_, k) => players[(b * N + k) % players.length]!);

  async function measure(
    label: string,
    run: (c: pg.Client, batch: Array<{ userId: string; token: string }>) => Promise<unknown[]>,
  ) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const pid = (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    // Prepared, and past the five custom plans PostgreSQL makes before it keeps a generic one.
    for (let b = 0; b < 20; b++) await run(c, batchOf(b));
    const before = processCpuMs(pid) ?? 0;
    const started = performance.now();
    let moved = 0;
    for (let b = 0; b < BATCHES; b++) {
      const rows = (await run(c, batchOf(b))) as Array<{ moved: boolean }>;
      moved += rows.filter((r) => r.moved).length;
    }
    const ms = performance.now() - started;
    const cpuPerBet = (((processCpuMs(pid) ?? 0) - before) * 1000) / (BATCHES * N);
    console.log(
      `${label}: ${moved}/${BATCHES * N} bets moved, backend CPU ${cpuPerBet.toFixed(0)} µs a bet, ` +
        `wall ${((ms * 1000) / (BATCHES * N)).toFixed(0)} µs a bet`,
    );
    await c.end();
    if (moved !== BATCHES * N) throw new Error(`${label}: ${BATCHES * N - moved} bets did not move`);
    return cpuPerBet;
  }

  const grouped = batchStatement('bet', N);
  const perBet = { grouped: [] as number[], setBased: [] as number[] };
  console.log(`${N} bets a statement, ${BATCHES} statements a measure, ${ROUNDS} rounds`);
  for (let round = 0; round < ROUNDS; round++) {
    perBet.grouped[round] = await measure('grouped (N copies)', async (c, batch) => {
      const values = batch.map(valuesFor);
      return (
        await c.query({
          name: grouped.name,
          text: grouped.text,
          values: grouped.order.map(({ item, key }) => (values[item] as Record<string, string>)[key]),
        })
      ).rows;
    });
    perBet.setBased[round] = await measure('set-based (unnest)', async (c, batch) => {
      const values = batch.map(valuesFor);
      return (
        await c.query({
          name: 'set_bet',
          text: setText,
          values: KEYS.map((key) => values.map((v) => v[key])),
        })
      ).rows;
    });
  }
  // The first round of each warms the tables and indexes.
  const median = (values: number[]) => {
    const sorted = values.slice(1).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? values[0]!;
  };
  const [a, b] = [median(perBet.grouped), median(perBet.setBased)];
  console.log(
    `median after the first round, backend CPU a bet: grouped ${a.toFixed(0)} µs, set-based ${b.toFixed(0)} µs ` +
      `(set-based / grouped ${(b / a).toFixed(2)})`,
  );
} finally {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}
