import { describe, expect, it } from 'vitest';
import { type PlayerFacts, scorePlayer } from '../../src/modules/responsible-gaming/harm-markers.ts';

/*
 * The markers that depend on the hour bets were placed in, scored on stated facts at a stated moment (the
 * wallet stamps real bets with the real time, which a test cannot move): each at its threshold and just
 * below it.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = new Date('2030-03-10T06:30:00Z');
const hour = (iso: string, bets: number, stakes: number, wins = 0, released = 0) => ({
  hour: new Date(iso),
  bets,
  stakes,
  wins,
  released,
});
const facts = (hours: PlayerFacts['hours']): PlayerFacts => ({ deposits: [], hours, limitChanges: [] });
const markers = (f: PlayerFacts, when = at) => scorePlayer(f, when).reasons.map((r) => r.marker);

describe('night play', () => {
  const nights = ['2030-03-07T01:00:00Z', '2030-03-08T05:00:00Z', '2030-03-10T00:00:00Z'];

  it('bets between midnight and 6 a.m. (UTC) on three nights of the week count', () => {
    expect(markers(facts(nights.map((n) => hour(n, 1, 100))))).toEqual(['NIGHT_PLAY']);
    expect(scorePlayer(facts(nights.map((n) => hour(n, 1, 100))), at)).toMatchObject({ score: 1 });
  });

  it('two nights, 6 a.m. itself, or a night more than a week ago do not', () => {
    expect(markers(facts(nights.slice(0, 2).map((n) => hour(n, 1, 100))))).toEqual([]);
    expect(
      markers(facts([...nights.slice(0, 2), '2030-03-09T06:00:00Z'].map((n) => hour(n, 1, 100)))),
    ).toEqual([]);
    expect(markers(facts([...nights.slice(1), '2030-03-03T02:00:00Z'].map((n) => hour(n, 1, 100))))).toEqual(
      [],
    );
  });
});

describe('chasing losses', () => {
  const usual = hour('2030-03-09T10:00:00Z', 10, 10 * 200);
  const loss = hour('2030-03-09T11:00:00Z', 1, 100_00);

  it('an hour losing 100.00, then bets 1.5 times the usual stake within a day', () => {
    const result = scorePlayer(facts([usual, loss, hour('2030-03-09T13:00:00Z', 2, 2 * 300)]), at);
    expect(result).toMatchObject({ score: 2, reasons: [{ marker: 'LOSS_CHASING' }] });
    expect(result.reasons[0]?.detail).toBe(
      'Lost $100.00 in an hour, then staked $3.00 a bet on average (was $2.00)',
    );
  });

  it('not below the big loss, below the rise, after a day, or with wins taking the loss back', () => {
    const rising = hour('2030-03-09T13:00:00Z', 2, 2 * 300);
    const smaller = hour('2030-03-09T11:00:00Z', 1, 99_99);
    expect(markers(facts([usual, smaller, rising]))).toEqual([]);
    expect(markers(facts([usual, loss, hour('2030-03-09T13:00:00Z', 2, 2 * 299)]))).toEqual([]);
    expect(
      markers(
        facts([usual, loss, hour('2030-03-10T12:00:00Z', 2, 2 * 300)]),
        new Date('2030-03-11T00:00:00Z'),
      ),
    ).toEqual([]);
    expect(markers(facts([usual, hour('2030-03-09T11:00:00Z', 1, 100_00, 50_00), rising]))).toEqual([]);
  });

  it('without earlier play, the losing hour sets the usual stake', () => {
    const lossOfTwo = hour('2030-03-09T11:00:00Z', 2, 100_00);
    expect(markers(facts([lossOfTwo, hour('2030-03-09T12:00:00Z', 1, 75_00)]))).toEqual(['LOSS_CHASING']);
    expect(markers(facts([lossOfTwo, hour('2030-03-09T12:00:00Z', 1, 74_99)]))).toEqual([]);
  });
});

describe('a withdrawal reversed and staked', () => {
  it('half the returned money staked in the hour of the return and the day after counts; less does not', () => {
    const returned = hour('2030-03-08T09:00:00Z', 0, 0, 0, 100_00);
    expect(markers(facts([returned, hour('2030-03-09T09:00:00Z', 5, 50_00)]))).toEqual([
      'WITHDRAWAL_REVERSED',
    ]);
    expect(markers(facts([returned, hour('2030-03-09T09:00:00Z', 5, 49_99)]))).toEqual([]);
    expect(markers(facts([returned, hour('2030-03-09T10:00:00Z', 5, 50_00)]))).toEqual([]);
  });

  it('a return more than a week ago does not', () => {
    const old = new Date(at.getTime() - 8 * DAY).toISOString();
    expect(markers(facts([hour(old, 0, 0, 0, 100_00), hour(old, 5, 100_00)]))).toEqual([]);
  });
});
