import { useRouteError } from 'react-router';
import { ErrorView } from '../components/ui';

/** An area's screen failed: say so there, keep the navigation. */
export function RouteError() {
  const error = useRouteError();
  return (
    <ErrorView
      message={error instanceof Error ? error.message : 'This screen failed to load'}
      onRetry={() => window.location.reload()}
    />
  );
}
