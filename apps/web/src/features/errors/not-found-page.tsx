import { Button } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PlainParagraph, PlainTitle } from '../../components/plain-typography';
import { useClientStore } from '../../lib/store';
import { ErrorIllustration } from './error-illustration';

/** Unmatched route (docs/product/routes-and-guards.md): page not found, a way back and a way home. */
export default function NotFoundPage({ withNav = false }: { withNav?: boolean }) {
  const navigate = useNavigate();
  const setState = useClientStore((s) => s.set);
  useEffect(() => {
    document.title = 'Página não encontrada — Portal de Propostas';
    setState({ showBack: true, showHome: false, showSelectProposal: false });
  }, [setState]);
  return (
    <div className="shell">
      {withNav ? <NavBar nav={{ left: 'back' }} /> : null}
      <main className="page page--narrow error-screen" id="conteudo">
        <ErrorIllustration />
        <PlainTitle className="error-screen__title">Página não encontrada</PlainTitle>
        <PlainParagraph className="error-screen__message">
          O endereço que você abriu não existe ou ainda não está disponível.
        </PlainParagraph>
        <Button type="primary" size="large" onClick={() => navigate('/')}>
          IR PARA O INÍCIO
        </Button>
      </main>
    </div>
  );
}
