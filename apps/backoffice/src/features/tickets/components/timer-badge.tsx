import { formatDateTime } from '../../../components/ui';
import { AlertIcon } from './icons';
import type { TimerState } from './timers';

const tone = { met: 'good', due: 'neutral', soon: 'warn', overdue: 'bad', none: 'neutral' } as const;

/** A response timer: green when met, amber when close, red and marked when overdue. */
export function TimerBadge({ timer, label }: { timer: TimerState; label: string }) {
  if (timer.state === 'none') return <span className="field-hint">{timer.text}</span>;
  const due = 'dueAt' in timer ? `${label} due ${formatDateTime(timer.dueAt)}` : label;
  return (
    <span className={`badge badge-${tone[timer.state]} timer timer-${timer.state}`} title={due}>
      {timer.state === 'overdue' ? <AlertIcon /> : null}
      {timer.text}
    </span>
  );
}
