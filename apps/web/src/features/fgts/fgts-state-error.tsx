import { Button } from 'antd';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { PlainAlert } from '../../components/plain-alert';

/** The state could not be read: another buyer's FGTS (403) or a passing failure. */
export function FgtsStateError({ error }: { error: Error }) {
  if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) {
    return (
      <PlainAlert
        type="info"
        title="O FGTS deste comprador é preenchido por ele mesmo."
        description={<Link to="/buyer/fgts/questions">Ir para o meu FGTS</Link>}
        className="form-alert"
      />
    );
  }
  return (
    <PlainAlert
      type="error"
      title={error.message}
      action={<Button onClick={() => window.location.reload()}>Tentar de novo</Button>}
      className="form-alert"
    />
  );
}
