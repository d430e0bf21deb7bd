import { App, Button, Skeleton, Tag } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  ANSWER_LABELS,
  FOLLOW_UP_LABELS,
  HEALTH_QUESTIONS,
  HEALTH_SECTIONS,
  insurerDeclaration,
} from '@portal/domain/health-questionnaire';
import { questionPath } from '@portal/domain/insurance-navigation';
import { Page } from '../../components/page';
import { ConfirmBox } from '../../components/confirm-box';
import { useAction } from '../../lib/use-action';
import { confirmDeclaration, useHealthAnswers } from './api';
import { useInsuranceScreen, useOutsideQuestionnaire } from './navigation';
import { formatDateTime } from './texts';
import { PlainAlert } from '../../components/plain-alert';

/** /buyer/seguradora/revisao: every answer, each editable, then the confirmation (insurance_completed). */
export default function DeclarationReviewPage() {
  useOutsideQuestionnaire();
  const { proposalId, path, insurance, redirect } = useInsuranceScreen('consent');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const answers = useHealthAnswers(proposalId, insurance.data?.me?.consent != null);
  const { sending, error, run } = useAction();
  if (redirect) return <Navigate to={redirect} replace />;
  const data = insurance.data;
  const me = data?.me;

  const byKey = new Map(answers.data?.answers.map((a) => [a.key, a]));
  const missing = HEALTH_QUESTIONS.filter((q) => !byKey.has(q.key));

  async function confirm() {
    if (!data) return;
    await run(async () => {
      await confirmDeclaration(data.proposalId, data.declarationVersion);
      void message.success('Declaração de saúde confirmada.');
      navigate(path('/buyer/insurance'));
    });
  }

  return (
    <Page title="Revisão da declaração de saúde" subtitle={data ? `Proposta ${data.proposalCode}` : undefined}>
      {insurance.isPending || answers.isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {answers.isError ? <PlainAlert type="error" title={answers.error.message} /> : null}
      {data && me && answers.data ? (
        <>
          {me.completed && me.completedAt ? (
            <PlainAlert
              type="success"
              className="form-alert"
              title={`Declaração confirmada em ${formatDateTime(me.completedAt)}.`}
              description="Se alterar alguma resposta, confirme de novo."
            />
          ) : null}
          {HEALTH_SECTIONS.map((section) => (
            <section key={section} className="review-section" aria-labelledby={`secao-${section}`}>
              <h2 className="section-title" id={`secao-${section}`}>
                {section}
              </h2>
              <ol className="review-answers">
                {HEALTH_QUESTIONS.filter((q) => q.section === section).map((q) => {
                  const a = byKey.get(q.key);
                  return (
                    <li key={q.key} className="review-answers__item" value={q.id}>
                      <p className="review-answers__question">{q.label}</p>
                      <p className="review-answers__answer">
                        {a ? (
                          <Tag color={a.value === 'yes' ? 'gold' : 'default'}>{ANSWER_LABELS[a.value]}</Tag>
                        ) : (
                          <Tag color="red">Sem resposta</Tag>
                        )}
                        {a?.medication ? (
                          <span className="review-answers__follow-up">
                            {FOLLOW_UP_LABELS.medication} <strong>{ANSWER_LABELS[a.medication]}</strong>
                          </span>
                        ) : null}
                        {a?.treatment ? (
                          <span className="review-answers__follow-up">
                            {FOLLOW_UP_LABELS.treatment} <strong>{ANSWER_LABELS[a.treatment]}</strong>
                          </span>
                        ) : null}
                      </p>
                      {data.canEdit ? (
                        <Link
                          to={path(questionPath(q.id), { from: 'revisao' })}
                          aria-label={`Alterar a resposta da pergunta ${q.id}`}
                          className="touch-link"
                        >
                          Alterar
                        </Link>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
          {data.canEdit && !me.completed ? (
            <ConfirmBox
              statement="Li e confirmo a declaração acima"
              blocked={missing.length > 0}
              confirmLabel="Confirmar declaração"
              sending={sending}
              error={error}
              onBack={() => navigate(path('/buyer/seguradora/proposta'))}
              onConfirm={() => void confirm()}
              before={<blockquote className="declaration-quote">{insurerDeclaration(data.insurer).text}</blockquote>}
              after={
                missing.length ? (
                  <PlainAlert
                    type="warning"
                    className="form-alert"
                    title={`Responda às perguntas que faltam: ${missing.map((q) => q.id).join(', ')}.`}
                  />
                ) : null
              }
            />
          ) : (
            <div className="page__actions">
              <Button type="primary" size="large" onClick={() => navigate(path('/buyer/insurance'))}>
                Ir para o seguro
              </Button>
            </div>
          )}
        </>
      ) : null}
    </Page>
  );
}
