import { describe, expect, it } from 'vitest';
import { correctedQuery, editDistance } from '../../src/modules/news/typos.ts';

describe('typo tolerance', () => {
  it('counts edits, a swap of neighbours as one', () => {
    expect(editDistance('tournament', 'tournament', 2)).toBe(0);
    expect(editDistance('tournamnet', 'tournament', 2)).toBe(1);
    expect(editDistance('roulete', 'roulett', 2)).toBe(1);
    expect(editDistance('jackpot', 'jakcpto', 2)).toBe(2);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('puts the closest known words in place of each typed word, leaving unknown and short ones out', () => {
    const lexemes = ['tournament', 'roulett', 'week', "o'clock", 'tour'];
    expect(correctedQuery(['Tournamnet', 'roulete'], lexemes)).toBe('(tournament) & (roulett)');
    expect(correctedQuery(['tuor'], lexemes)).toBe('(tour)');
    expect(correctedQuery(['zzzzzzzz', 'wek'], lexemes)).toBeUndefined();
    // One word close to nothing: the search finds nothing, even if another word is close to something.
    expect(correctedQuery(['zzzqqq', 'tournamnet'], lexemes)).toBeUndefined();
    expect(correctedQuery(["o'clok"], lexemes)).toBeUndefined();
  });
});

describe('stems', () => {
  it('reads a typed word against a stem by its start', () => {
    expect(correctedQuery(['cheerde'], ['cheer', 'chess'])).toBe('(cheer)');
    // A letter missing and the stemmer's cut ending: two edits as typed, one by its stem.
    expect(correctedQuery(['rulette'], ['roulett', 'rumba'])).toBeUndefined();
    expect(correctedQuery(['rulette'], ['roulett', 'rumba'], () => 'rulett')).toBe('(roulett)');
    // Nor is it 'rule' and a leftover ending: an ending is one or two letters.
    expect(correctedQuery(['rulette'], ['roulett', 'rule'], () => 'rulett')).toBe('(roulett)');
    expect(correctedQuery(['wonderful'], ['won'])).toBeUndefined();
  });
});
