import { videoPokerDrawSchema } from '@paws/contracts/studio';
import { describe, expect, it } from 'vitest';
import { noHolds, toggleHold } from './hold.ts';

describe('video poker holds', () => {
  it('toggles a card between the deal and the draw', () => {
    let held = noHolds();
    held = toggleHold(held, 0, 'dealt');
    held = toggleHold(held, 3, 'dealt');
    expect(held).toEqual([true, false, false, true, false]);
    held = toggleHold(held, 0, 'dealt');
    expect(held).toEqual([false, false, false, true, false]);
    expect(videoPokerDrawSchema.safeParse({ held }).success).toBe(true);
  });

  it('does nothing before the deal, after the draw, or off the hand', () => {
    const held = toggleHold(noHolds(), 1, 'dealt');
    expect(toggleHold(held, 2, 'idle')).toEqual(held);
    expect(toggleHold(held, 2, 'finished')).toEqual(held);
    expect(toggleHold(held, 5, 'dealt')).toEqual(held);
    expect(toggleHold(held, -1, 'dealt')).toEqual(held);
  });

  it('never changes the array it was given and always returns five flags', () => {
    const held = noHolds();
    const next = toggleHold(held, 2, 'dealt');
    expect(held).toEqual(noHolds());
    expect(next).not.toBe(held);
    expect(toggleHold([true], 1, 'dealt')).toEqual([true, true, false, false, false]);
  });
});
