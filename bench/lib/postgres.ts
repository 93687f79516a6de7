// What the PostgreSQL benchmarks share: databases next to the one DATABASE_URL names, and pgbench.
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

/** DATABASE_URL, or the benchmark stops saying it needs one. */
export function requireDatabaseUrl(bench: string): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  console.error(`${bench} needs DATABASE_URL (a PostgreSQL server it may create databases on).`);
  process.exit(2);
}

/** The URL of database `name` on the server `adminUrl` points at. */
export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create or drop a database, read a statistic) on its own connection; its rows. */
export async function adminQuery(
  adminUrl: string,
  statement: string,
): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

export function pgbenchPath() {
  for (const dir of ['/usr/bin', '/usr/local/bin']) if (existsSync(`${dir}/pgbench`)) return `${dir}/pgbench`;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = `${root}/${version}/bin/pgbench`;
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error('pgbench not found: apt-get install -y postgresql-contrib (or postgresql-client)');
}

/** The p-th percentile of ascending `sorted` (nearest rank); NaN with no samples. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
