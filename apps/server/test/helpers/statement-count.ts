import pg from 'pg';
import { vi } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';

export interface StatementCount {
  /** Statements sent: node-postgres queries, or PGlite's Syncs (one ends each statement). */
  statements: number;
  /** Transactions opened (BEGIN statements). */
  begins: number;
  /** The texts sent, in order (for a failing assertion's message). */
  texts: string[];
}

const decoder = new TextDecoder();

/** The query text of a PGlite frontend message: Parse ('P': name, then text) or Query ('Q': text). */
function textOf(message: Uint8Array): string | undefined {
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return undefined;
  let start = 5;
  if (type === 0x50) start = message.indexOf(0, start) + 1;
  return decoder.decode(message.subarray(start, message.indexOf(0, start)));
}

const isSync = (message: Uint8Array) => message.length === 5 && message[0] === 0x53;
const isBegin = (text: string) => /^\s*begin\b/i.test(text);

/**
 * Counts what `call` sends to the database, on every connection: run it with nothing else working on the
 * database (stop the job runner, the event dispatcher and timers first).
 */
export async function countStatements(
  database: Database,
  call: () => Promise<unknown>,
): Promise<StatementCount> {
  const texts: string[] = [];
  if (database.kind === 'postgres') {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await call();
      for (const [config] of query.mock.calls) {
        texts.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''));
      }
    } finally {
      query.mockRestore();
    }
    return { statements: texts.length, begins: texts.filter(isBegin).length, texts };
  }
  const stream = vi.spyOn(database.pglite!, 'execProtocolStream');
  let statements = 0;
  try {
    await call();
    for (const [message] of stream.mock.calls) {
      if (!(message instanceof Uint8Array)) continue;
      const text = textOf(message);
      if (text !== undefined) texts.push(text);
      // PGlite ends every statement with a Sync, a simple query (BEGIN, COMMIT) too.
      if (isSync(message)) statements++;
    }
  } finally {
    stream.mockRestore();
  }
  return { statements, begins: texts.filter(isBegin).length, texts };
}

/**
 * Stops what works in the background (the live roulette table, the event dispatcher, the job runner), so that
 * every statement countStatements counts is the call's own.
 */
export async function stopBackgroundWork(app: App) {
  await app.studio.table.stop();
  await app.events.stop();
  await app.jobs.stop();
}
