import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@paws/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, stopBackgroundWork } from '../helpers/statement-count.ts';
import { createTestApp } from '../helpers/test-app.ts';

/*
 * What a delivered batch sends to the database for its inbox: the same statements whatever the batch's size,
 * so each is prepared once per connection rather than written, parsed and planned again for each size.
 * Background work is stopped first (the dispatcher, the job runner and the live roulette table), and an idle
 * stretch must count zero, so every statement counted is the delivery's.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await stopBackgroundWork(ctx.app);
});
afterAll(() => ctx?.close());

const batchOf = (size: number) =>
  Array.from(
    { length: size },
    () =>
      ({
        id: randomUUID(),
        name: 'kyc.verification_result',
        payload: { userId: randomUUID(), result: 'APPROVED' },
        createdAt: new Date().toISOString(),
      }) as DomainEvent,
  );

describe('a delivered batch’s inbox', () => {
  it('nothing runs in the background while counting', async () => {
    const idle = await countStatements(
      ctx.app.database,
      () => new Promise((resolve) => setTimeout(resolve, 300)),
    );
    expect(idle.statements, idle.texts.join('\n')).toBe(0);
  });

  it('costs the same statements, word for word, for one event and for twelve, and reads no inbox first', async () => {
    // Counted once committed: a delivery undone (its events were handled before) is not counted.
    const handled: number[] = [];
    const deliver = (events: DomainEvent[]) =>
      countStatements(ctx.app.database, () =>
        ctx.app.events.deliver(
          'notifications.notices',
          {
            mode: 'batch',
            handle: async (fresh) => () => {
              handled.push(fresh.length);
            },
          },
          { events },
        ),
      );
    const one = await deliver(batchOf(1));
    const twelve = await deliver(batchOf(12));
    expect(handled).toEqual([1, 12]);
    // begin, the inbox write, commit: a first delivery's events are new (the dispatcher hands each out once).
    expect(one.statements, one.texts.join('\n---\n')).toBe(3);
    expect(twelve.texts).toEqual(one.texts);

    // Delivered again, the inbox write finds the events' rows, the delivery is undone and the events, read
    // in the inbox, are handed to nobody.
    const again = batchOf(3);
    await deliver(again);
    await deliver(again);
    expect(handled).toEqual([1, 12, 3]);
  });
});
