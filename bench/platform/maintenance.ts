import pg from 'pg';

/**
 * Autovacuum's work in its place when the PostgreSQL server runs without it (this machine's CI configuration
 * sets `autovacuum = off`): a live platform's tables are analyzed as they grow and vacuumed of the rows the
 * job queue churns. Without it the plans PostgreSQL made for the empty tables of a fresh database scan them
 * whole for the rest of the run, and the bench would measure that instead of the platform. Every
 * `everySeconds` it applies autovacuum's default thresholds to the bench database's tables (analyze after
 * 50 + 10 % of a table's rows changed, vacuum after 50 + 20 % of them died) and runs what they call for; its
 * CPU counts as PostgreSQL's. Autovacuum looks every minute (its naptime); the bench looks more often because
 * its database grows from empty within minutes, while a live platform's tables are large and settled. With
 * autovacuum on it does nothing: the server does it.
 */
export async function standInForAutovacuum(databaseUrl: string, everySeconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ on: boolean }>(`select current_setting('autovacuum') = 'on' as on`);
  if (rows[0]?.on) {
    await client.end();
    return { note: 'autovacuum is on: the server keeps the statistics', stop: async () => {} };
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const next = () => {
    timer = setTimeout(() => {
      running = maintain(client).catch((error: Error) => {
        if (!stopped) console.log(`  stand-in for autovacuum: ${error.message}`);
      });
      void running.then(() => {
        if (!stopped) next();
      });
    }, everySeconds * 1000);
  };
  next();
  return {
    note:
      `autovacuum is off on this PostgreSQL server: every ${everySeconds} s the bench vacuums and analyzes ` +
      `the tables of its database that autovacuum's thresholds call for (BENCH_VACUUM_SECONDS)`,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await client.end();
    },
  };
}

/** The tables past autovacuum's default thresholds, vacuumed or analyzed one by one as it would. */
async function maintain(client: pg.Client) {
  const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    `select format('%I.%I', t.schemaname, t.relname) as name,
       n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
       n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
     from pg_stat_user_tables t join pg_class c on c.oid = t.relid`,
  );
  for (const table of rows) {
    if (table.vacuum) await client.query(`vacuum analyze ${table.name}`);
    else if (table.analyze) await client.query(`analyze ${table.name}`);
  }
}
