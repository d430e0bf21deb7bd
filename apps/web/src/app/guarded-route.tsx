import { Suspense, useDeferredValue, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { markerGuard, sessionGuard, type RouteDef, type RouteId } from '@portal/domain/routes';
import { clearLoginMarker, readLoginMarker, writeSelectedProposal } from '../lib/storage';
import { useSession } from '../lib/session';
import { useClientStore } from '../lib/store';
import { NavBar } from '../components/nav-bar';
import { PageLoading } from '../components/page-loading';
import { SCREENS } from './screens';

/** A row of the route table: its id has a screen in SCREENS. */
type TableRoute = RouteDef & { id: RouteId };

/**
 * One route of the table: both guards of docs/product/routes-and-guards.md, then the navigation bar and the screen.
 * The marker guard decides synchronously; the session guard asks GET /auth/session.
 */
export function GuardedRoute({ route }: { route: TableRoute }) {
  const { pathname, search } = useLocation();
  const marker = readLoginMarker();
  // The screen behind the guard draws in slices once the session is known (docs/decisions/033-slow-machine-main-thread.md).
  const session = useDeferredValue(useSession());
  const isPrivate = route.access === 'private';

  const byMarker = markerGuard({
    pathname,
    access: route.access,
    markerRole: marker?.role,
    hasMarker: marker !== null,
  });
  if (byMarker.kind === 'redirect') return <Navigate to={byMarker.to} replace />;

  if (isPrivate) {
    if (session.isPending) return <PageLoading />;
    if (session.isError) return <Navigate to="/error" replace state={{ message: session.error.message }} />;
    const bySession = sessionGuard({ pathname, access: route.access, sessionRole: session.data?.role ?? null });
    if (bySession.kind === 'redirect') {
      if (bySession.clearMarker) clearLoginMarker();
      return <Navigate to={bySession.to} replace />;
    }
    if (bySession.kind === 'forbidden') return <Navigate to="/error" replace state={{ message: bySession.message }} />;
  }
  // An e-mailed link to a buyer's step names its proposal (a reminder's "proposta="): the buyer's
  // screens act on the selected one, so it is selected before the screen reads it.
  const named = route.path.startsWith('/buyer/') ? new URLSearchParams(search).get('proposta') : null;
  if (named) writeSelectedProposal(named);
  return <RouteScreen route={route} />;
}

function RouteScreen({ route }: { route: TableRoute }) {
  const setState = useClientStore((s) => s.set);
  const Screen = SCREENS[route.id];
  const nav = route.nav;

  useEffect(() => {
    document.title = `${route.title} — Portal de Propostas`;
    const slots = [nav?.left, nav?.right];
    setState({
      showBack: slots.includes('back'),
      showHome: slots.includes('home'),
      showSelectProposal:
        route.path.startsWith('/buyer/') && route.access === 'private' && route.path !== '/buyer/select-proposal',
    });
  }, [route, nav, setState]);

  return (
    <div className={`shell${route.transition ? ` shell--${route.transition}` : ''}${nav ? '' : ' shell--bare'}`}>
      {nav ? <NavBar nav={nav} /> : null}
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </div>
  );
}
