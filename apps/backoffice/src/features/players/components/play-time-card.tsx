import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { Card, formatDateTime, formatMoney } from '../../../components/ui';

/** '1 h 05 min', '45 min', '0 min'. */
export function minutesInWords(totalMinutes: number) {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = Math.floor(totalMinutes % 60);
  return hours > 0 ? `${hours} h ${String(minutes).padStart(2, '0')} min` : `${minutes} min`;
}

/**
 * The player's own play-time tools as they chose them: the reality check, the daily play-time limit (with a
 * raise waiting), today's play time, and the session in progress with its figures.
 */
export function PlayTimeCard({ play }: { play: PlaySessionView }) {
  const { realityCheck, playTime, session } = play;
  const pending = playTime.pending
    ? `${playTime.pending.minutes === null ? 'removal' : `to ${minutesInWords(playTime.pending.minutes)}`} from ${formatDateTime(playTime.pending.effectiveAt)}`
    : null;
  return (
    <Card title="Play time">
      <dl className="facts">
        <div>
          <dt>Reality check</dt>
          <dd>{realityCheck.intervalMinutes ? `every ${realityCheck.intervalMinutes} minutes` : 'off'}</dd>
        </div>
        <div>
          <dt>Daily play-time limit (UTC day)</dt>
          <dd>
            {playTime.limitMinutes === null ? 'none' : minutesInWords(playTime.limitMinutes)}
            {pending ? ` · pending ${pending}` : ''}
          </dd>
        </div>
        <div>
          <dt>Played today</dt>
          <dd>
            {minutesInWords(playTime.playedTodaySeconds / 60)}
            {playTime.blockedUntil
              ? ` · limit reached, play again from ${formatDateTime(playTime.blockedUntil)}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>Session in progress</dt>
          <dd>
            {session
              ? `since ${formatDateTime(session.startedAt)} · stakes ${formatMoney(session.stakes, 'USD')} · wins ${formatMoney(session.wins, 'USD')} · net ${session.net < 0 ? '-' : '+'}${formatMoney(Math.abs(session.net), 'USD')}`
              : 'none'}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
