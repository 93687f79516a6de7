/**
 * Typo tolerance without pg_trgm (PGlite ships no such extension by default): the words of the published
 * posts (their search lexemes, read with ts_stat) are compared with what was typed by edit distance, and the
 * closest stand in for it. Used only after both the web-search and the prefix search found nothing.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a word of this length may carry: none under 4 letters, one up to 7, two beyond. */
export const allowedEdits = (length: number) => (length < 4 ? 0 : length <= 7 ? 1 : 2);

const plainWord = /^[\p{L}\p{N}]+$/u;

/**
 * Lexemes are stems ("cheered" is stored as "cheer"), so a typed word is also measured by its start, as long
 * as the stem: "cheerde" is "cheer" and a leftover ending.
 */
function distanceToLexeme(word: string, lexeme: string, max: number) {
  const whole = editDistance(word, lexeme, max);
  // An ending of one or two letters ('-ed', '-s'), not three: 'rulette' is not 'rule' and a leftover 'tte'.
  if (lexeme.length < 4 || word.length <= lexeme.length || word.length - lexeme.length > 2) return whole;
  return Math.min(whole, editDistance(word.slice(0, lexeme.length), lexeme, max));
}

/**
 * A tsquery text ('simple' configuration, every term a known lexeme) where each typed word is replaced by up
 * to 3 of the closest lexemes (OR), the words ANDed. A word is measured as typed and, when `stemOf` knows it,
 * as its stem: "rulette" is two edits from the lexeme "roulett", its stem "rulett" one. Words too short to correct are left out; a word that
 * could be corrected but is close to nothing makes the whole search find nothing (undefined), as the
 * web search would: "zzzqqq nothing like this" must not find posts about "live" roulette.
 */
export function correctedQuery(
  words: readonly string[],
  lexemes: readonly string[],
  stemOf: (word: string) => string | undefined = () => undefined,
): string | undefined {
  const known = lexemes.filter((lexeme) => plainWord.test(lexeme));
  const groups: string[] = [];
  for (const raw of words) {
    const word = raw.toLowerCase();
    const max = allowedEdits(word.length);
    if (max === 0) continue;
    const stem = stemOf(raw)?.toLowerCase();
    const distanceTo = (lexeme: string) =>
      Math.min(
        distanceToLexeme(word, lexeme, max),
        stem && stem !== word ? editDistance(stem, lexeme, max) : max + 1,
      );
    const close = known
      .map((lexeme) => ({ lexeme, distance: distanceTo(lexeme) }))
      .filter((c) => c.distance <= max)
      .sort((x, y) => x.distance - y.distance || x.lexeme.localeCompare(y.lexeme))
      .slice(0, 3)
      .map((c) => c.lexeme);
    if (close.length === 0) return undefined;
    groups.push(`(${close.join(' | ')})`);
  }
  return groups.length > 0 ? groups.join(' & ') : undefined;
}
