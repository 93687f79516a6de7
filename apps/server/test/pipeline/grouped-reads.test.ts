import { describe, expect, it } from 'vitest';
import { groupedReads } from '../../src/lib/grouped-reads.ts';

/** A read the test answers when it chooses, recording the keys of each call. */
function heldReads() {
  const calls: { keys: readonly string[]; answer(): void; fail(error: Error): void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const read = (keys: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const settle = () => inFlight--;
      calls.push({
        keys,
        answer: () => {
          settle();
          resolve(keys.map((key) => `value of ${key}`));
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
    });
  return { calls, read, mostInFlight: () => mostInFlight };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped reads', () => {
  it('reads a key asked for alone at once, by itself', async () => {
    const held = heldReads();
    const load = groupedReads({ concurrency: 2, maxBatch: 10, read: held.read });
    const answer = load('a');
    await Promise.resolve();
    expect(held.calls.map((call) => call.keys)).toEqual([['a']]);
    held.calls[0]?.answer();
    await expect(answer).resolves.toBe('value of a');
  });

  it('sends the keys asked for while every slot is taken together, when a slot frees, each answered with its own', async () => {
    const held = heldReads();
    const load = groupedReads({ concurrency: 2, maxBatch: 10, read: held.read });
    const first = load('a');
    await tick();
    const second = load('b');
    await tick();
    const waiting = ['c', 'd', 'e', 'c'].map((key) => load(key));
    await tick();
    expect(held.calls.map((call) => call.keys)).toEqual([['a'], ['b']]);

    held.calls[0]?.answer();
    await tick();
    expect(held.calls.map((call) => call.keys)).toEqual([['a'], ['b'], ['c', 'd', 'e', 'c']]);
    held.calls[1]?.answer();
    held.calls[2]?.answer();
    await expect(Promise.all([first, second, ...waiting])).resolves.toEqual([
      'value of a',
      'value of b',
      'value of c',
      'value of d',
      'value of e',
      'value of c',
    ]);
    expect(held.mostInFlight()).toBe(2);
  });

  it('never has more than its concurrency in flight, and splits a long wait at maxBatch', async () => {
    const held = heldReads();
    const load = groupedReads({ concurrency: 1, maxBatch: 3, read: held.read });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => load(key));
    await tick();
    // The first three went together (asked for in one task), the other two wait for the slot.
    expect(held.calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    held.calls[0]?.answer();
    await tick();
    expect(held.calls.map((call) => call.keys)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    held.calls[1]?.answer();
    await expect(Promise.all(answers)).resolves.toHaveLength(5);
    expect(held.mostInFlight()).toBe(1);
  });

  it('a failed read fails its own keys only, and frees its slot', async () => {
    const held = heldReads();
    const load = groupedReads({ concurrency: 1, maxBatch: 10, read: held.read });
    const failing = load('a');
    await tick();
    const next = load('b');
    held.calls[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    expect(held.calls.map((call) => call.keys)).toEqual([['a'], ['b']]);
    held.calls[1]?.answer();
    await expect(next).resolves.toBe('value of b');
  });
});
