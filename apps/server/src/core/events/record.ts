import { type DomainEventName, type DomainEventPayload, domainEventSchemas } from '@paws/contracts/events';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { domainEvents } from './schema.ts';

type RecordedListener = () => void;
const recordedListeners = new Set<RecordedListener>();

/**
 * Calls `listener` whenever this process records an event (before its transaction commits): the dispatcher
 * watches the outbox closely for a while instead of polling it all the time. Returns the unsubscribe.
 */
export function onEventRecorded(listener: RecordedListener): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * Records a domain event in the caller's transaction: it is delivered only if that transaction commits.
 * The payload is checked against the contract here, so a malformed event fails the change that made it.
 */
export async function recordEvent<N extends DomainEventName>(
  q: DbOrTx,
  name: N,
  payload: DomainEventPayload<N>,
): Promise<string> {
  const id = uuidv7();
  await q.insert(domainEvents).values({ id, name, payload: domainEventSchemas[name].parse(payload) });
  for (const listener of recordedListeners) listener();
  return id;
}
