import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { playClock, realityChecksDue } from '../hooks/play-clock';
import { usePlaySession } from '../hooks/use-play-session';
import { RealityCheckDialog } from './reality-check-dialog';
import { SessionBar } from './session-bar';

const ACKNOWLEDGED = 'paws:reality-checks-seen';

/** The checks seen of the session that began at `startedAt` (kept for the tab, so a reload does not ask again). */
function readSeen(startedAt: string): number {
  try {
    const seen = JSON.parse(sessionStorage.getItem(ACKNOWLEDGED) ?? 'null') as {
      startedAt: string;
      count: number;
    };
    return seen?.startedAt === startedAt ? seen.count : 0;
  } catch {
    return 0;
  }
}

function writeSeen(startedAt: string, count: number) {
  try {
    sessionStorage.setItem(ACKNOWLEDGED, JSON.stringify({ startedAt, count }));
  } catch {
    // Storage refused (private mode): the check is still acknowledged for this page.
  }
}

/**
 * On the game page of a signed-in player: the play-session bar, and the reality check at each interval of the
 * session the player chose. Continue closes it until the next one; Stop playing goes back to the lobby.
 */
export function PlaySessionWatch() {
  const navigate = useNavigate();
  const { view, now, refetch } = usePlaySession();
  const [seen, setSeen] = useState<{ startedAt: string; count: number } | null>(null);
  const session = view?.session ?? null;
  const clock = view ? playClock(view, now) : null;
  const due =
    session && clock ? realityChecksDue(clock.elapsedMs, view?.realityCheck.everySeconds ?? null) : 0;
  const seenCount = !session
    ? 0
    : seen?.startedAt === session.startedAt
      ? seen.count
      : readSeen(session.startedAt);
  const open = Boolean(session) && due > seenCount;

  // The figures of the moment the check comes, not of the last read.
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);

  if (!view || !clock) return null;
  const acknowledge = () => {
    if (!session) return;
    writeSeen(session.startedAt, due);
    setSeen({ startedAt: session.startedAt, count: due });
  };
  return (
    <>
      <SessionBar view={view} now={now} />
      {session ? (
        <RealityCheckDialog
          open={open}
          elapsedMs={clock.elapsedMs}
          session={session}
          onContinue={acknowledge}
          onStop={() => {
            acknowledge();
            void navigate(paths.gamesList.getHref());
          }}
        />
      ) : null}
    </>
  );
}
