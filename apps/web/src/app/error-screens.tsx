import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';

const loadNotFound = () => import('../features/errors/not-found-page');
const loadErrorPage = () => import('../features/errors/error-page');

const LazyNotFound = lazy(loadNotFound);
const LazyErrorScreen = lazy(() => loadErrorPage().then((m) => ({ default: m.ErrorScreen })));

/**
 * The "page not found" and generic error screens, each its own chunk: they draw with antd's
 * Typography, which no first screen needs, so the app shell does not carry it. startApp fetches
 * both once the first screen is up (preloadErrorScreens), so they draw at once when needed, even
 * if the network is gone by then.
 */
export function NotFoundScreen({ withNav = false }: { withNav?: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyNotFound withNav={withNav} />
    </Suspense>
  );
}

export function ErrorScreen({ message }: { message?: string | undefined }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyErrorScreen message={message} />
    </Suspense>
  );
}

export function preloadErrorScreens(): void {
  void loadNotFound().catch(() => undefined);
  void loadErrorPage().catch(() => undefined);
}
