import { useState } from 'react';
import { App, Button, Skeleton, Tag } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { NextStepButton } from '../../components/next-step-button';
import { isNotFound } from '../../lib/api-client';
import { buyerPositionFromSearch } from '../../lib/buyer-param';
import { revokeConsent, useAccessLog } from './api';
import { useInsuranceScreen, useOutsideQuestionnaire } from './navigation';
import { formatDateTime, STATUS_COLORS, STATUS_LABELS } from './texts';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/** /buyer/insurance: the proposal's insurer, each buyer's declaration, the way in, the consent. */
/** Who read the answers, in words (the log stores the reader's role). */
const READER_ROLES: Record<string, string> = { operator: 'equipe do portal', buyer: 'comprador', seller: 'vendedor' };

export default function InsurancePage() {
  useOutsideQuestionnaire();
  const { proposalId, path, insurance, redirect } = useInsuranceScreen('proposal');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { modal, message } = App.useApp();
  const me = insurance.data?.me ?? null;
  const log = useAccessLog(proposalId, me !== null);
  const [revoking, setRevoking] = useState(false);
  if (redirect) return <Navigate to={redirect} replace />;

  const data = insurance.data;
  const asked = buyerPositionFromSearch(search);
  const askedOther =
    data && me && asked !== null && asked !== me.buyer ? data.buyers.find((b) => b.buyer === asked) : undefined;
  const status = me
    ? me.completed
      ? 'completed'
      : me.consent || me.answered.length
        ? 'in_progress'
        : 'not_started'
    : null;

  function askRevoke() {
    modal.confirm({
      title: 'Revogar o consentimento?',
      content:
        'As suas respostas de saúde serão apagadas e não serão mais tratadas. Sem a declaração de saúde, a seguradora não pode aceitar o seguro exigido para o financiamento; você poderá responder de novo quando quiser.',
      okText: 'Revogar e apagar respostas',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      async onOk() {
        setRevoking(true);
        try {
          await revokeConsent(proposalId!);
          void message.success('Consentimento revogado. Suas respostas foram apagadas.');
        } catch (err) {
          void message.error(err instanceof Error ? err.message : String(err));
        } finally {
          setRevoking(false);
        }
      },
    });
  }

  return (
    <Page title="Seguro" subtitle={data ? `Proposta ${data.proposalCode}` : undefined}>
      {insurance.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {insurance.isError && !isNotFound(insurance.error) ? (
        <PlainAlert type="error" title={insurance.error.message} />
      ) : null}
      {data ? (
        <>
          <PlainCard className="insurance-card" title="Seguradora da proposta">
            <p className="insurance-card__insurer">{data.insurerName}</p>
            <p className="muted">
              O seguro habitacional (morte e invalidez permanente, danos ao imóvel) é obrigatório no financiamento. A
              seguradora pede uma declaração de saúde de cada comprador.
            </p>
          </PlainCard>
          {askedOther ? (
            <PlainAlert
              type="info"
              className="form-alert"
              title={`A declaração de saúde de ${askedOther.name} é respondida por ${askedOther.name.split(' ')[0]}, no próprio acesso.`}
            />
          ) : null}
          {me && status ? (
            <PlainCard className="insurance-card" title="Sua declaração de saúde">
              <p>
                <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>
                {status === 'in_progress' ? (
                  <span className="muted">
                    {me.answered.length} de {data.totalQuestions} perguntas respondidas
                  </span>
                ) : null}
                {me.completed && me.completedAt ? (
                  <span className="muted">em {formatDateTime(me.completedAt)}</span>
                ) : null}
              </p>
              <Button
                type={status === 'completed' ? 'default' : 'primary'}
                size="large"
                block
                onClick={() => navigate(path(`/buyer/insurance-${data.insurer}`))}
              >
                {status === 'not_started'
                  ? 'Começar a declaração'
                  : status === 'completed'
                    ? 'Ver a declaração'
                    : 'Continuar a declaração'}
              </Button>
              {me.completed ? <NextStepButton proposalId={proposalId!} current={`health:${me.buyer}`} /> : null}
              {!data.canEdit ? (
                <p className="muted insurance-card__note">
                  A proposta está em análise: a declaração não pode ser alterada agora.
                </p>
              ) : null}
            </PlainCard>
          ) : null}
          {data.buyers.length > 1 ? (
            <PlainCard className="insurance-card" title="Compradores">
              <ul className="section-rows">
                {data.buyers.map((b) => (
                  <li key={b.buyer} className="section-rows__row section-rows__row--two">
                    <span className="section-rows__title">
                      {b.name}
                      {me?.buyer === b.buyer ? ' (você)' : ''}
                    </span>
                    <Tag color={STATUS_COLORS[b.status]}>{STATUS_LABELS[b.status]}</Tag>
                  </li>
                ))}
              </ul>
            </PlainCard>
          ) : null}
          {me ? (
            <PlainCard className="insurance-card" title="Seus dados de saúde">
              {me.consent ? (
                <>
                  <p>Você autorizou o tratamento dos seus dados de saúde em {formatDateTime(me.consent.grantedAt)}.</p>
                  <Button danger onClick={askRevoke} loading={revoking}>
                    Revogar consentimento
                  </Button>
                </>
              ) : (
                <p className="muted">
                  Você ainda não autorizou o tratamento dos seus dados de saúde. Isso é pedido antes da primeira
                  pergunta.
                </p>
              )}
              <h2 className="section-title">Quem consultou suas respostas</h2>
              {log.data?.length ? (
                <ul className="access-log">
                  {log.data.map((entry) => (
                    <li key={entry.at}>
                      {formatDateTime(entry.at)} — {entry.readerName} (
                      {READER_ROLES[entry.readerRole] ?? 'equipe do portal'})
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">Ninguém além de você consultou suas respostas.</p>
              )}
            </PlainCard>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
