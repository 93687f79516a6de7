import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { StatusPanel } from '@/components/ui/status-panel';

/** Error boundary of the routed content: header and footer stay, the spec's error panel replaces the screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <StatusPanel type="error" onRetry={() => window.location.reload()} />;
}
