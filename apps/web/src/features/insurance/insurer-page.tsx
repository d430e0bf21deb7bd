import { Button, Skeleton } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { insurerDeclaration } from '@portal/domain/health-questionnaire';
import { Page } from '../../components/page';
import type { Insurer } from './api';
import { useInsuranceScreen, useOutsideQuestionnaire } from './navigation';
import { INSURER_TEXTS } from './texts';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/**
 * /buyer/insurance-itau and /buyer/insurance-tokio: the insurer's own texts and declarations,
 * leading into the same questionnaire. A proposal of the other insurer is sent to its page.
 */
export function InsurerPage({ insurer }: { insurer: Insurer }) {
  useOutsideQuestionnaire();
  const navigate = useNavigate();
  const { path, insurance, redirect } = useInsuranceScreen('proposal');
  if (redirect) return <Navigate to={redirect} replace />;
  if (insurance.data && insurance.data.insurer !== insurer)
    return <Navigate to={path(`/buyer/insurance-${insurance.data.insurer}`)} replace />;

  const texts = INSURER_TEXTS[insurer];
  const me = insurance.data?.me;
  return (
    <Page title={texts.title} subtitle={insurance.data ? `Proposta ${insurance.data.proposalCode}` : undefined}>
      {insurance.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {insurance.data ? (
        <>
          <div className={`insurer-banner insurer-banner--${insurer}`}>
            <span className="insurer-banner__label">Seguradora</span>
            <strong>{texts.company}</strong>
          </div>
          {texts.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <PlainCard className="insurance-card" title="Antes de começar">
            <ul className="declarations">
              {texts.declarations.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
            <p className="muted">Ao final, você confirmará esta declaração:</p>
            <blockquote className="declaration-quote">{insurerDeclaration(insurer).text}</blockquote>
          </PlainCard>
          {!me ? (
            <PlainAlert
              type="info"
              className="form-alert"
              title="Só os compradores da proposta respondem à declaração de saúde."
            />
          ) : null}
          {me ? (
            <div className="form-actions">
              <Button size="large" onClick={() => navigate(path('/buyer/insurance'))}>
                Voltar
              </Button>
              <Button type="primary" size="large" onClick={() => navigate(path('/buyer/seguradora'))}>
                {me.completed ? 'Ver minhas respostas' : me.answered.length ? 'Continuar' : 'Começar'}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
