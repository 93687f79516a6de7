import pg from 'pg';

/** A statement written once, with its name: node-postgres prepares it once per connection. */
export interface NamedStatement {
  name: string;
  text: string;
}

/**
 * Runs a named statement on the driver under Drizzle, of the database or of one of its transactions
 * (node-postgres pool or client, PGlite or its transaction): node-postgres then prepares each shape once per
 * connection instead of parsing and planning it at every call, and the rows come back as the driver reads
 * them, without Drizzle's per-call layers (for the hottest statements).
 */
export async function runNamed<Row = unknown>(
  // The Drizzle database or transaction (DbOrTx: client.ts, which uses this module, so not imported here).
  q: object,
  statement: NamedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = (q as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query({ name: statement.name, text: statement.text, values })).rows as Row[];
  }
  const pglite = client as { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
  return (await pglite.query(statement.text, values)).rows as Row[];
}
