import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/lib/ids.ts';

describe('uuidv7', () => {
  it('is a version 7, RFC variant UUID that PostgreSQL accepts', () => {
    for (let i = 0; i < 1000; i++) {
      expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('starts with the time in milliseconds, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 10, 22, 18, 0, 0, 123);
    const id = uuidv7(at);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const ids = [uuidv7(at), uuidv7(at + 1), uuidv7(at + 1000), uuidv7(at + 86_400_000)];
    expect([...ids].sort()).toEqual(ids);
  });

  it('sorts ids made in the same millisecond in the order they were made', () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 100 }, () => uuidv7(at));
    expect([...ids].sort()).toEqual(ids);
    const afterSmallStepBack = uuidv7(at - 5);
    expect([ids[99], afterSmallStepBack].sort()).toEqual([ids[99], afterSmallStepBack]);
  });

  it('differs in its random part from one call to the next', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 5000 }, () => uuidv7(at)));
    expect(ids.size).toBe(5000);
  });
});
