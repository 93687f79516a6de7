import { type CurrencyCode, currencies, currencyCodes } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { walletAccounts, walletCurrencies } from './schema.ts';

export const systemAccountCodes = ['house', 'payments', 'withdrawals', 'bonus_pool', 'adjustments'] as const;
/**
 * house: the other side of every bet, win and rollback; payments: money entering and leaving through
 * payment providers; withdrawals: withdrawals held but not yet settled; bonus_pool: bonus credits;
 * adjustments: manual corrections.
 */
export type SystemAccountCode = (typeof systemAccountCodes)[number];

export async function balanceOf(q: DbOrTx, userId: string, currency: CurrencyCode) {
  const [row] = await q
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.userId, userId), eq(walletAccounts.currencyCode, currency)));
  return row?.balance ?? 0;
}

/** The currencies, the system accounts (their ids kept in memory) and the players' accounts. */
export function createAccounts(db: Db) {
  const systemAccounts = new Map<string, string>();
  let initialised: Promise<void> | undefined;

  async function init() {
    await db
      .insert(walletCurrencies)
      .values(
        currencyCodes.map((code) => {
          const c = currencies[code];
          return { code, name: c.name, minorUnit: c.minorUnit, symbol: c.symbol, isReal: c.real };
        }),
      )
      .onConflictDoNothing();
    await db
      .insert(walletAccounts)
      .values(
        systemAccountCodes.flatMap((systemCode) =>
          currencyCodes.map((currencyCode) => ({ kind: 'system' as const, systemCode, currencyCode })),
        ),
      )
      .onConflictDoNothing();
    const rows = await db
      .select({
        id: walletAccounts.id,
        systemCode: walletAccounts.systemCode,
        currencyCode: walletAccounts.currencyCode,
      })
      .from(walletAccounts)
      .where(eq(walletAccounts.kind, 'system'));
    for (const row of rows) systemAccounts.set(`${row.systemCode}:${row.currencyCode}`, row.id);
  }

  /** Reference rows (currencies, system accounts) are written once per process, idempotently. */
  function ready() {
    initialised ??= init().catch((err) => {
      initialised = undefined;
      throw err;
    });
    return initialised;
  }

  function systemAccount(code: SystemAccountCode, currency: CurrencyCode) {
    const id = systemAccounts.get(`${code}:${currency}`);
    if (!id) throw new Error(`System account ${code}:${currency} missing`);
    return id;
  }

  async function ensureAccounts(userId: string, q: DbOrTx = db) {
    await ready();
    await q
      .insert(walletAccounts)
      .values(
        currencyCodes.map((currencyCode) => ({ kind: 'player' as const, userId, currencyCode, balance: 0 })),
      )
      .onConflictDoNothing();
  }

  return { ready, systemAccount, ensureAccounts };
}

export type Accounts = ReturnType<typeof createAccounts>;
