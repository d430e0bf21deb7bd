import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { ErrorScreen } from '../features/errors/error-page';
import NotFoundPage from '../features/errors/not-found-page';
import { reportError } from '../lib/monitoring';

/** Fatal or unhandled errors while rendering a route land on the generic error screen (docs/product/routes-and-guards.md). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // Route-navigation errors go to the monitoring agent too (docs/product/monitoring.md); a no-op when it is off.
    if (!(isRouteErrorResponse(error) && error.status === 404)) reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage withNav />;
  const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : undefined;
  return <ErrorScreen message={message} />;
}
