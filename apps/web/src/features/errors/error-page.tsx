import { Button } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PlainParagraph, PlainTitle } from '../../components/plain-typography';
import { useClientStore } from '../../lib/store';
import { ErrorIllustration } from './error-illustration';

export const ERROR_HEADING = 'Desculpe, encontramos um problema.';

/** The generic error screen (docs/product/routes-and-guards.md): image, heading, the message if any, VOLTAR to /. */
export function ErrorScreen({ message }: { message?: string | undefined }) {
  const navigate = useNavigate();
  const setState = useClientStore((s) => s.set);
  useEffect(() => {
    // docs/product/routes-and-guards.md: the logged-in flag is set when the error screen shows.
    setState({ loggedIn: true });
  }, [setState]);
  return (
    <main className="page page--narrow error-screen" id="conteudo">
      <ErrorIllustration />
      <PlainTitle className="error-screen__title">{ERROR_HEADING}</PlainTitle>
      {message ? (
        <PlainParagraph className="error-screen__message" role="alert">
          {message}
        </PlainParagraph>
      ) : null}
      <Button type="primary" size="large" onClick={() => navigate('/')}>
        VOLTAR
      </Button>
    </main>
  );
}

/** /error: the message comes in the navigation state (guards) or as ?message=. */
export default function ErrorPage() {
  const location = useLocation();
  const state = location.state as { message?: string } | null;
  const message = state?.message ?? new URLSearchParams(location.search).get('message') ?? undefined;
  return <ErrorScreen message={message} />;
}
