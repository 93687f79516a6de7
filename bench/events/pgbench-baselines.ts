// The baselines without Node in the way: `pgbench -b simple-update`, and one single-statement insert of an
// event-sized row per transaction into domain_events (its NOTIFY trigger fires) and into the plain copy (no
// trigger), with as many clients as producers, for as long as a phase.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STUDIO_PROVIDER } from '../../apps/server/src/modules/wallet/signature.ts';
import { adminQuery, databaseUrl } from '../lib/postgres.ts';
import { cpuMeter } from './measure.ts';
import { f } from './print-results.ts';
import { adminUrl, dataDir, pgbenchDb, producers, STAKE, seconds } from './settings.ts';
import { execFile } from './setup.ts';

/** A pgbench run of `args` on `target`: its tps, and how busy the machine was meanwhile. */
async function pgbenchRun(pgbench: string, args: string[], target: string) {
  await adminQuery(adminUrl, 'checkpoint');
  const meter = cpuMeter(undefined);
  const { stdout } = await execFile(pgbench, [
    ...args,
    '-c',
    String(producers),
    '-j',
    '2',
    '-T',
    String(seconds),
    target,
  ]);
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
  return { tps, machine: meter().machine };
}

/** Runs and prints the three; `url` is the bench database (the outbox and its plain copy). */
export async function pgbenchBaselines(pgbench: string, url: string) {
  const simple = await pgbenchRun(pgbench, ['-b', 'simple-update'], databaseUrl(adminUrl, pgbenchDb));
  const pgbenchTps = simple.tps;
  console.log(
    `  pgbench -b simple-update -c ${producers} -j 2 -T ${seconds}: ${f(pgbenchTps)} tps; machine ` +
      `${f(simple.machine * 100)}% busy`,
  );
  const probePayload = JSON.stringify({
    kind: 'BET',
    userId: randomUUID(),
    currency: 'USD',
    amount: -STAKE,
    balance: 99_999_900,
    ledgerTransactionId: randomUUID(),
    at: new Date().toISOString(),
    game: { providerCode: STUDIO_PROVIDER.code, gameCode: 'bench', roundId: 'probe' },
  });
  const probe = async (table: string) => {
    const script = join(dataDir, `${table}.sql`);
    writeFileSync(
      script,
      `insert into ${table} (id, name, payload) values (gen_random_uuid(), 'bench.probe', '${probePayload}'::jsonb);\n`,
    );
    return pgbenchRun(pgbench, ['-n', '-f', script], url);
  };
  const sqlPlain = await probe('bench_plain_events');
  const sqlOutbox = await probe('domain_events');
  console.log(
    `  pgbench, one insert per transaction: plain copy ${f(sqlPlain.tps)} tps, domain_events (NOTIFY trigger) ` +
      `${f(sqlOutbox.tps)} tps: ratio ${f(sqlOutbox.tps / sqlPlain.tps, 2)}`,
  );
  return { pgbenchTps, sqlPlainTps: sqlPlain.tps, sqlOutboxTps: sqlOutbox.tps };
}
