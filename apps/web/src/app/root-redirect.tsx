import { Navigate, useLocation } from 'react-router';
import { rootRedirect } from '@portal/domain/routes';
import { useSession } from '../lib/session';
import { clearLoginMarker } from '../lib/storage';
import { PageLoading } from '../components/page-loading';

/**
 * '/': sends each role to its start (docs/product/routes-and-guards.md); no session goes to the buyer login.
 *
 * Every arrival at '/' sends the page on, even one React never showed: when a second 401 sends
 * the page back to '/' while the way from '/' to the login is still being drawn, React renders
 * only the last location and keeps this component as it was; a `<Navigate>` with the same target
 * would not run again and the page would stay blank on '/'. Keyed by the location, it does.
 */
export function RootRedirect() {
  const session = useSession();
  const { key } = useLocation();
  if (session.isPending) return <PageLoading />;
  const role = session.data?.role ?? null;
  if (!role) clearLoginMarker();
  return <Navigate key={key} to={rootRedirect(role)} replace />;
}
