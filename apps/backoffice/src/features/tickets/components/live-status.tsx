import type { DeskStatus } from '../realtime/desk-socket';

/** Whether the desk receives changes live, and a way back when the server refused it. */
export function LiveStatus({
  status,
  error,
  onRetry,
}: {
  status: DeskStatus;
  error: string | null;
  onRetry: () => void;
}) {
  return (
    <span className={`live-status live-${status}`} role="status">
      <span className="live-dot" aria-hidden="true" />
      {status === 'live'
        ? 'Live'
        : status === 'connecting'
          ? 'Connecting…'
          : `Not live: ${error ?? 'refused'}`}
      {status === 'refused' ? (
        <button type="button" className="link-button" onClick={onRetry}>
          Reconnect
        </button>
      ) : null}
    </span>
  );
}
