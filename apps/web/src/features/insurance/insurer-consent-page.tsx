import { useState } from 'react';
import { App, Button, Checkbox, Skeleton } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import { firstUnanswered, healthConsentText } from '@portal/domain/health-questionnaire';
import { questionPath, QUESTIONNAIRE_END } from '@portal/domain/insurance-navigation';
import { Page } from '../../components/page';
import { FormError } from '../../components/form-error';
import { useAction } from '../../lib/use-action';
import { grantConsent } from './api';
import { useInsuranceScreen, useOutsideQuestionnaire } from './navigation';
import { formatDateTime, INSURER_TEXTS } from './texts';
import { PlainAlert } from '../../components/plain-alert';

/**
 * /buyer/seguradora/empresa: the insurer that receives the declaration and, before the first
 * question, the specific and highlighted consent for the health data (LGPD art. 11, I).
 */
export default function InsurerConsentPage() {
  useOutsideQuestionnaire();
  const { path, insurance, redirect } = useInsuranceScreen('party');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [accepted, setAccepted] = useState(false);
  const { sending, error, run } = useAction();
  if (redirect) return <Navigate to={redirect} replace />;
  const data = insurance.data;

  const me = data?.me;
  const next = me ? firstUnanswered(me.answered) : 1;
  const nextPath = path(next === null ? QUESTIONNAIRE_END : questionPath(next));

  async function consent() {
    if (!data) return;
    await run(async () => {
      await grantConsent(data.proposalId, data.consentVersion);
      void message.success('Consentimento registrado.');
      navigate(nextPath);
    });
  }

  const text = data ? healthConsentText(data.insurer) : null;
  return (
    <Page title="Seguradora" subtitle={data ? `Proposta ${data.proposalCode}` : undefined}>
      {insurance.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {data && me && text ? (
        <>
          <div className={`insurer-banner insurer-banner--${data.insurer}`}>
            <span className="insurer-banner__label">Sua declaração de saúde vai para</span>
            <strong>{INSURER_TEXTS[data.insurer].company}</strong>
          </div>
          <section className="consent-box" aria-labelledby="consentimento-titulo">
            <h2 id="consentimento-titulo" className="consent-box__title">
              <SafetyCertificateOutlined aria-hidden /> {text.title}
            </h2>
            <ul className="consent-box__items">
              {text.items.map((item) => {
                const [head, ...rest] = item.split(': ');
                return (
                  <li key={item}>
                    {rest.length ? (
                      <>
                        <strong>{head}:</strong> {rest.join(': ')}
                      </>
                    ) : (
                      item
                    )}
                  </li>
                );
              })}
            </ul>
            {me.consent ? (
              <p className="consent-box__given">
                Você deu este consentimento em {formatDateTime(me.consent.grantedAt)}. Para revogá-lo, vá à{' '}
                <Link to={path('/buyer/insurance')}>página do seguro</Link>.
              </p>
            ) : data.canEdit ? (
              <Checkbox
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                className="consent-box__check"
              >
                {text.checkbox}
              </Checkbox>
            ) : null}
          </section>
          {!data.canEdit && !me.consent ? (
            <PlainAlert
              type="info"
              className="form-alert"
              title="A proposta está em análise: a declaração de saúde não pode ser respondida agora."
            />
          ) : null}
          <FormError message={error} />
          <div className="form-actions">
            <Button size="large" onClick={() => navigate(path(`/buyer/insurance-${data.insurer}`))}>
              Voltar
            </Button>
            {me.consent ? (
              <Button
                type="primary"
                size="large"
                onClick={() => navigate(me.completed ? path('/buyer/seguradora/revisao') : nextPath)}
              >
                {me.completed ? 'Ver minhas respostas' : 'Continuar'}
              </Button>
            ) : data.canEdit ? (
              <Button type="primary" size="large" disabled={!accepted} loading={sending} onClick={() => void consent()}>
                Autorizar e começar
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </Page>
  );
}
