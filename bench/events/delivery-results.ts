// What the subscribers did with a phase's events, read back from the database: event_inbox (one row per
// subscriber and event handled), domain_events.dispatched_at and the pg-boss jobs of the phase.

import type { CpuShares } from './measure.ts';
import { type Quantiles, quantiles, sleep } from './measure.ts';
import { type Kind, type Phase, subscriberNames } from './phases.ts';
import { drainTimeoutMs } from './settings.ts';
import type { Query } from './setup.ts';

export interface PhaseReport {
  label: string;
  seconds: number;
  recorded: number;
  recordedPerSecond: number;
  failed: number;
  call: Quantiles;
  toDispatch: Quantiles;
  undispatchedAtEnd: number;
  cpu?: CpuShares;
  subscribers: Record<
    string,
    {
      expected: number;
      handled: number;
      duringLoad: number;
      deliveredPerSecond: number;
      backlogAtEnd: number;
      drainSeconds: number;
      latency: Quantiles;
      jobs: number;
      eventsPerJob: number;
      jobWaitP50: number;
      jobWaitMax: number;
      handlerMsPerEvent: number;
      retriedJobs: number;
    }
  >;
  drained: boolean;
}

/** The smallest UUIDv7 of that millisecond: ids of events recorded from then on sort after it. */
function uuidFloor(ms: number) {
  const hex = Math.floor(ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

const phaseWhere = `e.id >= $1::uuid and e.name = 'wallet.moved' and starts_with(e.payload->'game'->>'roundId', $2)`;
const phaseParams = (phase: Phase) => [uuidFloor(phase.startedAt - 1000), phase.prefix];

export function deliveryResults(query: Query) {
  async function handledCounts(phase: Phase) {
    const rows = await query<{ subscriber: string; n: number }>(
      `select i.subscriber, count(*)::int as n
       from domain_events e join event_inbox i on i.event_id = e.id
       where ${phaseWhere} and i.handled_at >= to_timestamp($3::float8 / 1000)
       group by 1`,
      [...phaseParams(phase), phase.startedAt - 1000],
    );
    return Object.fromEntries(rows.map((r) => [r.subscriber, r.n])) as Record<string, number>;
  }

  /** Waits until every subscriber has handled every event of the phase it was given. */
  async function drain(phase: Phase) {
    const deadline = Date.now() + drainTimeoutMs;
    for (;;) {
      const counts = await handledCounts(phase);
      if (subscriberNames.every((name) => (counts[name] ?? 0) >= phase.expected[name])) {
        phase.drained = true;
        break;
      }
      if (Date.now() > deadline) {
        phase.drained = false;
        console.error(
          `  ${phase.label}: not drained after ${drainTimeoutMs / 1000} s: ` +
            subscriberNames.map((n) => `${n} ${counts[n] ?? 0}/${phase.expected[n]}`).join(', '),
        );
        break;
      }
      await sleep(250);
    }
    phase.drainedAt = Date.now();
  }

  async function report(phase: Phase): Promise<PhaseReport> {
    const loadSeconds = (phase.endedAt - phase.startedAt) / 1000;
    const handled = await query<{ kind: Kind; round: string; subscriber: string; handled: number }>(
      `select e.payload->>'kind' as kind, e.payload->'game'->>'roundId' as round, i.subscriber,
         (extract(epoch from i.handled_at) * 1000)::float8 as handled
       from domain_events e join event_inbox i on i.event_id = e.id
       where ${phaseWhere}`,
      phaseParams(phase),
    );
    const dispatched = await query<{ kind: Kind; round: string; dispatched: number | null }>(
      `select e.payload->>'kind' as kind, e.payload->'game'->>'roundId' as round,
         (extract(epoch from e.dispatched_at) * 1000)::float8 as dispatched
       from domain_events e where ${phaseWhere}`,
      phaseParams(phase),
    );
    const jobs = await query<{
      name: string;
      jobs: number;
      events: number;
      wait_p50: number | null;
      wait_max: number | null;
      busy_ms: number | null;
      retried: number;
    }>(
      `select name, count(*)::int as jobs,
         coalesce(sum(jsonb_array_length(data->'events')), 0)::int as events,
         (percentile_cont(0.5) within group (order by extract(epoch from started_on - created_on)) * 1000)::float8 as wait_p50,
         (max(extract(epoch from started_on - created_on)) * 1000)::float8 as wait_max,
         (sum(extract(epoch from completed_on - started_on)) * 1000)::float8 as busy_ms,
         count(*) filter (where retry_count > 0 or state = 'failed')::int as retried
       from pgboss.job
       where name like 'event.%' and created_on >= to_timestamp($1::float8 / 1000)
         and created_on <= to_timestamp($2::float8 / 1000)
       group by name`,
      [phase.startedAt - 500, (phase.drainedAt ?? Date.now()) + 500],
    );

    const toDispatch: number[] = [];
    let undispatchedAtEnd = 0;
    for (const row of dispatched) {
      const commit = phase.commits.get(`${row.kind}:${row.round}`);
      if (row.dispatched === null || row.dispatched > phase.endedAt) undispatchedAtEnd++;
      if (commit !== undefined && row.dispatched !== null) toDispatch.push(row.dispatched - commit);
    }
    const subscribers: PhaseReport['subscribers'] = {};
    for (const name of subscriberNames) {
      const rows = handled.filter((r) => r.subscriber === name);
      const latency: number[] = [];
      let duringLoad = 0;
      let last = phase.endedAt;
      for (const row of rows) {
        const commit = phase.commits.get(`${row.kind}:${row.round}`);
        if (commit !== undefined) latency.push(row.handled - commit);
        if (row.handled <= phase.endedAt) duringLoad++;
        if (row.handled > last) last = row.handled;
      }
      const job = jobs.find((j) => j.name === `event.${name}`);
      const drainSeconds = (last - phase.endedAt) / 1000;
      subscribers[name] = {
        expected: phase.expected[name],
        handled: rows.length,
        duringLoad,
        deliveredPerSecond: duringLoad / loadSeconds,
        backlogAtEnd: phase.expected[name] - duringLoad,
        drainSeconds,
        latency: quantiles(latency),
        jobs: job?.jobs ?? 0,
        eventsPerJob: job && job.jobs > 0 ? job.events / job.jobs : 0,
        jobWaitP50: job?.wait_p50 ?? Number.NaN,
        jobWaitMax: job?.wait_max ?? Number.NaN,
        handlerMsPerEvent: job && job.events > 0 ? (job.busy_ms ?? 0) / job.events : Number.NaN,
        retriedJobs: job?.retried ?? 0,
      };
    }
    return {
      label: phase.label,
      seconds: loadSeconds,
      recorded: phase.commits.size,
      recordedPerSecond: phase.commits.size / loadSeconds,
      failed: phase.failed,
      call: quantiles(phase.callMs),
      toDispatch: quantiles(toDispatch),
      undispatchedAtEnd,
      subscribers,
      drained: phase.drained ?? false,
      cpu: phase.cpu,
    };
  }

  return { drain, report };
}
