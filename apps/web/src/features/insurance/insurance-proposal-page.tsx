import { Button, Skeleton } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { HEALTH_QUESTIONS } from '@portal/domain/health-questionnaire';
import { questionPath } from '@portal/domain/insurance-navigation';
import { formatMoney } from '@portal/domain/money';
import { Page } from '../../components/page';
import { useProposal } from '../../lib/proposals-api';
import { useHealthAnswers } from './api';
import { useInsuranceScreen, useOutsideQuestionnaire } from './navigation';
import { INSURER_TEXTS } from './texts';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/** /buyer/seguradora/proposta: the insurance proposal the declaration goes with, after the last question. */
export default function InsuranceProposalPage() {
  useOutsideQuestionnaire();
  const { proposalId, path, insurance, redirect } = useInsuranceScreen('consent');
  const navigate = useNavigate();
  const proposal = useProposal(proposalId);
  const answers = useHealthAnswers(proposalId, insurance.data?.me?.consent != null);
  if (redirect) return <Navigate to={redirect} replace />;
  const data = insurance.data;
  const me = data?.me;

  const missing = me ? HEALTH_QUESTIONS.filter((q) => !me.answered.includes(q.key)) : [];
  const positives = answers.data?.answers.filter((a) => a.value === 'yes').length ?? 0;
  const financing = proposal.data?.financingOrCgiData;
  // One buyer: the whole balance; two: each one's share (never both in the same sentence).
  const mipCoverage =
    proposal.data && proposal.data.customers.length > 1
      ? 'quita a sua parte do saldo devedor, na proporção da sua participação no financiamento'
      : 'quita todo o saldo devedor do financiamento';
  return (
    <Page title="Proposta de seguro" subtitle={data ? `Proposta ${data.proposalCode}` : undefined}>
      {insurance.isPending || proposal.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {data && me && financing ? (
        <>
          <PlainCard className="insurance-card" title={INSURER_TEXTS[data.insurer].title}>
            <dl className="facts">
              <div>
                <dt>Seguradora</dt>
                <dd>{INSURER_TEXTS[data.insurer].company}</dd>
              </div>
              <div>
                <dt>Produto</dt>
                <dd>{financing.product}</dd>
              </div>
              <div>
                <dt>Valor financiado</dt>
                <dd>{formatMoney(financing.amount)}</dd>
              </div>
              <div>
                <dt>Prazo</dt>
                <dd>{financing.installments} meses</dd>
              </div>
            </dl>
            <ul className="declarations">
              <li>
                <strong>MIP — morte e invalidez permanente:</strong> {mipCoverage}.
              </li>
              <li>
                <strong>DFI — danos físicos ao imóvel:</strong> incêndio, explosão, desmoronamento e outros danos ao
                imóvel.
              </li>
            </ul>
          </PlainCard>
          {missing.length ? (
            <PlainAlert
              type="warning"
              className="form-alert"
              title={`Faltam ${missing.length} pergunta(s) da declaração de saúde.`}
              description={
                <ul className="inline-links">
                  {missing.map((q) => (
                    <li key={q.key}>
                      <Link to={path(questionPath(q.id))}>Pergunta {q.id}</Link>
                    </li>
                  ))}
                </ul>
              }
            />
          ) : (
            <PlainAlert
              type={positives ? 'info' : 'success'}
              className="form-alert"
              title="Você respondeu às 16 perguntas."
              description={
                positives
                  ? `Você respondeu “Sim” a ${positives} pergunta(s): a seguradora pode pedir laudos ou exames.`
                  : 'Agora revise as respostas e confirme a declaração.'
              }
            />
          )}
          <div className="form-actions">
            <Button size="large" onClick={() => navigate(path(questionPath(HEALTH_QUESTIONS.length)))}>
              Anterior
            </Button>
            <Button
              type="primary"
              size="large"
              disabled={missing.length > 0}
              onClick={() => navigate(path('/buyer/seguradora/revisao'))}
            >
              Revisar respostas
            </Button>
          </div>
        </>
      ) : null}
    </Page>
  );
}
