import { userDataSchema } from '@paws/contracts/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../helpers/statement-count.ts';
import { userData } from '../identity/helpers.ts';
import { createPaymentsTestApp, deposit, type PaymentsTestApp, signedInPlayer } from '../payments/helpers.ts';

/*
 * What a signed-in GET /profile/user-data sends to the database, through the real app (background work
 * stopped first, so every statement counted is the request's), and that what it answers is never older
 * than the request: the session check that reads the account is cached until the account changes, and a
 * change is heard by every process before the call that made it answers (identity/core/changes.ts).
 */

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
afterAll(() => ctx?.close());

describe('GET /profile/user-data reads', () => {
  it('answers what the account is now, not what it was at the last read', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    expect(userDataSchema.parse((await userData(b)).json()).user.verificationType).toBe('NONE');
    await ctx.app.identity.moveVerificationType(userId, ['NONE'], 'APPROVED');
    expect(userDataSchema.parse((await userData(b)).json()).user.verificationType).toBe('APPROVED');
  });

  it('many players asking at once are read in fewer statements, each answered with their own balances', async () => {
    const players: {
      b: Awaited<ReturnType<typeof signedInPlayer>>['b'];
      userId: string;
      deposited: number;
    }[] = [];
    for (let i = 1; i <= 8; i++) {
      const player = await signedInPlayer(ctx);
      await deposit(player.b, i);
      players.push({ ...player, deposited: i });
    }
    const count = await countStatements(ctx.app.database, async () => {
      const answers = await Promise.all(players.map(({ b }) => userData(b)));
      answers.forEach((res, i) => {
        const parsed = userDataSchema.parse(res.json());
        expect(parsed.user.userId).toBe(players[i]?.userId);
        const usd = parsed.balances.find((balance) => balance.currencyCode === 'USD');
        expect(usd?.amount).toBe(players[i]?.deposited);
      });
    });
    const balanceReads = count.texts.filter((text) => /from wallet_accounts where user_id = any/.test(text));
    // Four reads in flight at most: the other players' requests wait and go together.
    expect(balanceReads.length).toBeGreaterThan(0);
    expect(balanceReads.length).toBeLessThan(players.length);
  });

  // Last: it stops the background work for good.
  it('one statement once the session is cached (the balances); two after the account changed', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 5);
    await ctx.app.events.stop();
    await ctx.app.jobs.stop();
    const idle = await countStatements(ctx.app.database, () => new Promise((r) => setTimeout(r, 300)));
    expect(idle.statements, idle.texts.join('\n')).toBe(0);

    let body: unknown;
    const count = await countStatements(ctx.app.database, async () => {
      const res = await userData(b);
      expect(res.statusCode).toBe(200);
      body = res.json();
    });
    // signedInPlayer's and the deposit's calls cached the session check: no session row is read.
    expect(count.statements, count.texts.join('\n---\n')).toBe(1);
    expect(count.begins).toBe(0);
    if (ctx.app.database.kind === 'postgres') expect(count.texts.join()).not.toMatch(/from "sessions"/i);

    // A change of the account (heard by every process before the call answers) forgets it: read again.
    await ctx.app.identity.moveVerificationType(userId, ['NONE'], 'APPROVED');
    const afterChange = await countStatements(ctx.app.database, () => userData(b));
    expect(afterChange.statements, afterChange.texts.join('\n---\n')).toBe(2);
    if (ctx.app.database.kind === 'postgres') expect(afterChange.texts.join()).toMatch(/from "sessions"/i);
    const parsed = userDataSchema.parse(body);
    expect(parsed.user.userId).toBe(userId);
    expect(parsed.balances.find((balance) => balance.currencyCode === 'USD')?.amount).toBe(5);
  });
});
