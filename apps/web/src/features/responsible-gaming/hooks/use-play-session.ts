import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { playSessionQueryOptions } from '../api/play-session';

/** Re-read now and then: the session ends and the day turns without a round to say so. */
const REFRESH_MS = 30_000;

/** The play session from the server, and the server's time now, ticking every second. */
export function usePlaySession() {
  const query = useQuery({ ...playSessionQueryOptions(), refetchInterval: REFRESH_MS });
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocalNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Counted on the server's clock: the offset between its answer's time and when it arrived here.
  const offset = query.data ? Date.parse(query.data.now) - query.dataUpdatedAt : 0;
  return { view: query.data, now: Math.max(localNow, query.dataUpdatedAt) + offset, refetch: query.refetch };
}
