import { Navigate } from 'react-router';
import { Page, PageLoading } from '../../components/page';
import { FgtsStateError } from './fgts-state-error';
import { useFgtsScreen } from './flow';

/**
 * /buyer/fgts/utils (and anything under it): the FGTS utility route. It has no screen of its own:
 * it reads the buyer's FGTS state and opens the screen where it stands (the next step, the
 * questions, or the forms to sign). See docs/decisions/009-fgts-and-health-declaration.md.
 */
export default function FgtsUtilsPage() {
  const { state, lost } = useFgtsScreen();
  if (lost) return <Navigate to="/buyer/select-proposal" replace />;
  if (state.data) return <Navigate to={state.data.resumePath} replace />;
  return <Page title="FGTS">{state.isError ? <FgtsStateError error={state.error} /> : <PageLoading />}</Page>;
}
