import { Navigate } from 'react-router';
import { rootRedirect } from '@portal/domain/routes';
import { useSession } from '../lib/session';
import { clearLoginMarker } from '../lib/storage';
import { PageLoading } from '../components/page-loading';

/** '/': sends each role to its start (docs/product/routes-and-guards.md); no session goes to the buyer login. */
export function RootRedirect() {
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  const role = session.data?.role ?? null;
  if (!role) clearLoginMarker();
  return <Navigate to={rootRedirect(role)} replace />;
}
