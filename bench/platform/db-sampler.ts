// Where PostgreSQL's time goes, without pg_stat_statements (not preloaded here): pg_stat_activity sampled
// every 100 ms, counting the bench database's active backends by statement and by wait event. A statement
// seen in n samples was running for about n × 100 ms of backend time.
import pg from 'pg';

export interface DbSample {
  samples: number;
  /** Mean active backends on the bench database. */
  active: number;
  topStatements: Array<{ statement: string; share: number }>;
  topWaits: Array<{ wait: string; share: number }>;
  /**
   * What the bench database did in the window (pg_stat_database, the request path and the background):
   * transactions (read-only ones too, the sampler's own taken off) and rows inserted, updated or deleted.
   */
  commits: number;
  rowsWritten: number;
  /** Rows inserted, updated or deleted per table (pg_stat_user_tables, read once a second), most first. */
  tables: Array<{ table: string; rows: number }>;
}

interface Totals {
  commits: number;
  rowsWritten: number;
  tables: Map<string, number>;
}

const short = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 90);

export async function dbSampler(databaseUrl: string, database: string) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-sampler' });
  await client.connect();
  let statements = new Map<string, number>();
  let waits = new Map<string, number>();
  let samples = 0;
  let activeTotal = 0;
  let running = false;
  let totals: Totals | undefined;
  let atLastTake: Totals | undefined;
  /** The sampler's own transactions (two a tick, three every tenth), taken off the database's count. */
  let own = 0;
  let ticks = 0;
  let tables = new Map<string, number>();
  const readTotals = async () => {
    const { rows } = await client.query<{ commits: string; written: string }>(
      `select xact_commit as commits, tup_inserted + tup_updated + tup_deleted as written
       from pg_stat_database where datname = $1`,
      [database],
    );
    own += 2;
    if (ticks++ % 10 === 0) {
      const perTable = await client.query<{ name: string; written: string }>(
        `select schemaname || '.' || relname as name, n_tup_ins + n_tup_upd + n_tup_del as written
         from pg_stat_user_tables`,
      );
      own += 1;
      tables = new Map(perTable.rows.map((row) => [row.name, Number(row.written)]));
    }
    if (rows[0])
      totals = { commits: Number(rows[0].commits) - own, rowsWritten: Number(rows[0].written), tables };
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    client
      .query<{ query: string; wait: string | null }>(
        `select query, wait_event_type || ':' || wait_event as wait from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      )
      .then(({ rows }) => {
        samples += 1;
        activeTotal += rows.length;
        for (const row of rows) {
          const key = short(row.query);
          statements.set(key, (statements.get(key) ?? 0) + 1);
          const wait = row.wait ?? 'CPU (no wait event)';
          waits.set(wait, (waits.get(wait) ?? 0) + 1);
        }
      })
      .then(readTotals)
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, 100);
  const top = (counts: Map<string, number>, total: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([key, n]) => ({ key, share: n / Math.max(1, total) }));
  return {
    take(): DbSample {
      const seen = [...statements.values()].reduce((a, b) => a + b, 0);
      const from = atLastTake ?? totals;
      atLastTake = totals;
      const result = {
        commits: totals && from ? totals.commits - from.commits : Number.NaN,
        rowsWritten: totals && from ? totals.rowsWritten - from.rowsWritten : Number.NaN,
        tables: [...(totals?.tables ?? [])]
          .map(([table, rows]) => ({ table, rows: rows - (from?.tables.get(table) ?? rows) }))
          .filter((t) => t.rows > 0)
          .sort((a, b) => b.rows - a.rows),
        samples,
        active: activeTotal / Math.max(1, samples),
        topStatements: top(statements, seen).map(({ key, share }) => ({ statement: key, share })),
        topWaits: top(waits, seen).map(({ key, share }) => ({ wait: key, share })),
      };
      statements = new Map();
      waits = new Map();
      samples = 0;
      activeTotal = 0;
      return result;
    },
    async stop() {
      clearInterval(timer);
      await client.end();
    },
  };
}
