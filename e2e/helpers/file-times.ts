import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Seconds each e2e file took in a recorded run (file-times.json, written by record-file-times.mjs from a run's
 * JSON report). CI runs from a clean clone, so vitest's own duration cache is never there: this committed record
 * is what lets the two lanes start with the longest files and end together.
 */
export type FileTimes = Record<string, number>;

export const fileTimesPath = new URL('../file-times.json', import.meta.url);

/** The recorded times, or none when the record is missing or unreadable (the order then stays vitest's). */
export function readFileTimes(path: URL = fileTimesPath): FileTimes {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/**
 * `files` (paths) with the unrecorded first (a new file may be long; vitest does the same), then the recorded
 * longest first; equal keys keep their given order.
 */
export function longestFirst<T>(files: T[], pathOf: (file: T) => string, times: FileTimes): T[] {
  const seconds = (file: T) => times[basename(pathOf(file))] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => {
    const [sa, sb] = [seconds(a), seconds(b)];
    return sa === sb ? 0 : sb > sa ? 1 : -1;
  });
}
