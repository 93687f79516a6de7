import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { betOverLimitMessages, playSessionMessages } from '@paws/contracts/responsible-gaming';
import { studioApiMessages } from '@paws/contracts/studio-api';
import { baccaratInfo } from '@paws/studio-engine/games/baccarat';
import { blackjackInfo } from '@paws/studio-engine/games/blackjack';
import { kenoInfo } from '@paws/studio-engine/games/keno';
import { rouletteInfo } from '@paws/studio-engine/games/roulette';
import { slotInfo } from '@paws/studio-engine/games/slot';
import { videoPokerInfo } from '@paws/studio-engine/games/video-poker';
import { afterEach, describe, expect, it } from 'vitest';
import { detectLanguage, dictionaries, setLanguage, tr } from './i18n.ts';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every literal `tr('…')` of the game pages (the first argument, single or double quoted). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\btr\(\s*(['"])((?:\\.|(?!\1).)*?)\1/g)) {
      keys.add((match[2] as string).replace(/\\(['"\\])/g, '$1'));
    }
  }
  return [...keys];
}

/** Texts the pages pass to tr() from data: the studio API's rules and paytables and its messages. */
function apiKeys(): string[] {
  const keys = new Set<string>();
  for (const info of [baccaratInfo, blackjackInfo, kenoInfo, rouletteInfo, slotInfo, videoPokerInfo]) {
    keys.add(info.rtpNote);
    for (const rule of info.rules) keys.add(rule);
    for (const table of info.paytables) {
      keys.add(table.title);
      for (const cell of [...table.columns, ...table.rows.flat()]) if (/[a-z]/i.test(cell)) keys.add(cell);
    }
  }
  for (const message of Object.values(studioApiMessages)) keys.add(message);
  // A bet over the player's own limit (responsible gaming), as the wallet refuses it.
  for (const message of betOverLimitMessages) keys.add(message);
  keys.add(playSessionMessages.playTimeReached);
  return [...keys];
}

/** Texts chosen at run time from a game's data (names of cards, outcomes, colours, labels of constants). */
const dataKeys = [
  ...['clubs', 'diamonds', 'hearts', 'spades', 'Ten', 'Jack', 'Queen', 'King', 'Ace'],
  ...['red', 'black', 'green', 'odd', 'even', 'win', 'push', 'lose', 'blackjack'],
  ...['Player', 'Banker', 'Tie', 'Wild', 'Scatter', 'Lion', 'Eagle', 'Wolf', 'Fox'],
  ...['Place your bets', 'No more bets', 'Result', 'Blackjack!', 'Win', 'Push', 'Lose'],
  ...['Hit', 'Stand', 'Double', 'Split', 'Insurance', 'No insurance', '1st 12', '2nd 12', '3rd 12'],
  ...['Royal flush', 'Straight flush', 'Four of a kind', 'Full house', 'Flush', 'Straight'],
  ...['Three of a kind', 'Two pair', 'Jacks or better', 'No win', 'PAWS', 'FREE SPINS', 'BONUS USD'],
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

afterEach(() => setLanguage('en'));

describe('game page texts', () => {
  const keys = [...new Set([...literalKeys(), ...apiKeys(), ...dataKeys])];

  it('finds the texts of the pages', () => {
    // A sample of each source: literal calls, the API's rules and paytables, and data.
    expect(keys).toEqual(
      expect.arrayContaining(['Deal', 'Place bets', 'Undo', 'Use a free spin ({count} left)', 'Balance']),
    );
    expect(keys).toContain(blackjackInfo.rules[0]);
    expect(keys).toContain('Insufficient funds');
    expect(keys.length).toBeGreaterThan(200);
  });

  for (const [language, dictionary] of Object.entries(dictionaries)) {
    it(`has every text in ${language}, with the same values put in`, () => {
      const missing = keys.filter((key) => !dictionary[key]?.trim());
      expect(missing).toEqual([]);
      const mismatched = keys.filter(
        (key) => JSON.stringify(placeholders(key)) !== JSON.stringify(placeholders(dictionary[key] ?? '')),
      );
      expect(mismatched).toEqual([]);
    });
  }

  it('translates and fills values in the chosen language, English by default', () => {
    expect(tr('Deal')).toBe('Deal');
    expect(tr('You win {amount}', { amount: '$2.00' })).toBe('You win $2.00');
    setLanguage('es');
    expect(tr('Deal')).toBe(dictionaries.es.Deal);
    expect(tr('You win {amount}', { amount: '$2.00' })).toContain('$2.00');
    expect(tr('A text nobody translated')).toBe('A text nobody translated');
  });
});

describe('the page language', () => {
  it('comes from the address, then what the page kept, then the browser, else English', () => {
    expect(detectLanguage('?launch=x&lang=es', 'fr', ['it-IT'])).toBe('es');
    expect(detectLanguage('?launch=x&lang=de', 'fr', ['it-IT'])).toBe('fr');
    expect(detectLanguage('?launch=x', null, ['de-DE', 'it-IT'])).toBe('it');
    expect(detectLanguage('', null, ['de-DE'])).toBe('en');
  });
});
