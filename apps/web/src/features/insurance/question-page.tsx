import { useDeferredValue, useEffect, useState } from 'react';
import { Button, Skeleton, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  FOLLOW_UP_LABELS,
  HEALTH_QUESTION_COUNT,
  findHealthQuestion,
  type HealthAnswer,
  type HealthQuestion,
} from '@portal/domain/health-questionnaire';
import { QUESTIONNAIRE_END, QUESTIONNAIRE_ENTRY, questionPath } from '@portal/domain/insurance-navigation';
import { ChoiceButtons, YES_NO_CHOICES } from '../../components/choice-buttons';
import { Page } from '../../components/page';
import { ApiRequestError } from '../../lib/api-client';
import { saveAnswer, useHealthAnswers } from './api';
import { prefetchScreen } from '../../lib/prefetch-screen';
import { ReadOnlyNote } from '../../components/read-only-note';
import { PlainAlert } from '../../components/plain-alert';
import { PlainProgress } from '../../components/plain-progress';
import { useInsurancePath, useInsuranceScreen, useQuestionCounter } from './navigation';

type YesNo = 'yes' | 'no';

/** /buyer/seguradora/perguntas/:question — one question of the health declaration per screen (1 to 16). */
export default function QuestionPage() {
  const { question } = useParams();
  const position = Number(question);
  const q = Number.isInteger(position) ? findHealthQuestion(position) : undefined;
  const path = useInsurancePath();
  if (!q) return <Navigate to={path('/buyer/seguradora')} replace />;
  return <QuestionScreen question={q} />;
}

function QuestionScreen({ question }: { question: HealthQuestion }) {
  useQuestionCounter(question.id);
  const { proposalId, path, insurance, redirect } = useInsuranceScreen('consent');
  const [search] = useSearchParams();
  const answers = useDeferredValue(useHealthAnswers(proposalId, insurance.data?.me?.consent != null));
  if (redirect) return <Navigate to={redirect} replace />;

  const fromReview = search.get('from') === 'revisao';
  return (
    <Page title="Declaração de saúde" subtitle={question.section}>
      <div className="step-indicator">
        <span className="step-indicator__text">
          Pergunta {question.id} de {HEALTH_QUESTION_COUNT} · <strong>{question.section}</strong>
        </span>
        <PlainProgress
          percent={Math.round((question.id / HEALTH_QUESTION_COUNT) * 100)}
          showInfo={false}
          strokeColor="#0a1f44"
          railColor="#e6e9ef"
          aria-label={`Pergunta ${question.id} de ${HEALTH_QUESTION_COUNT}`}
        />
      </div>
      {insurance.isPending || answers.isPending ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
      {answers.isError ? <PlainAlert type="error" title={answers.error.message} /> : null}
      {proposalId && insurance.data && answers.data ? (
        <AnswerForm
          key={question.id}
          proposalId={proposalId}
          question={question}
          stored={answers.data.answers.find((a) => a.key === question.key)}
          editable={insurance.data.canEdit}
          nextUrl={
            fromReview
              ? path('/buyer/seguradora/revisao')
              : path(question.id < HEALTH_QUESTION_COUNT ? questionPath(question.id + 1) : QUESTIONNAIRE_END)
          }
          previousUrl={
            fromReview
              ? path('/buyer/seguradora/revisao')
              : path(question.id > 1 ? questionPath(question.id - 1) : QUESTIONNAIRE_ENTRY)
          }
        />
      ) : null}
    </Page>
  );
}

function AnswerForm(props: {
  proposalId: string;
  question: HealthQuestion;
  stored: HealthAnswer | undefined;
  editable: boolean;
  nextUrl: string;
  previousUrl: string;
}) {
  const { proposalId, question, stored, editable } = props;
  const navigate = useNavigate();
  const [value, setValue] = useState<YesNo | undefined>(stored?.value);
  const [medication, setMedication] = useState<YesNo | undefined>(stored?.medication);
  const [treatment, setTreatment] = useState<YesNo | undefined>(stored?.treatment);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const followUps = question.hasFollowUps && value === 'yes';
  const complete = value !== undefined && (!followUps || (medication !== undefined && treatment !== undefined));
  const legendId = `pergunta-${question.id}`;
  useEffect(() => prefetchScreen(props.nextUrl), [props.nextUrl]);

  async function next() {
    if (!editable) return navigate(props.nextUrl);
    if (!complete || !value) {
      setError({ message: 'Responda para continuar.', fields: {} });
      return;
    }
    setError(null);
    setSending(true);
    try {
      await saveAnswer(proposalId, question.id, followUps ? { value, medication, treatment } : { value });
      navigate(props.nextUrl);
    } catch (err) {
      setError(
        err instanceof ApiRequestError
          ? { message: err.message, fields: err.fields }
          : { message: String(err), fields: {} },
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="question"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void next();
      }}
    >
      <fieldset className="question__main" aria-labelledby={legendId}>
        <h2 className="question__label" id={legendId}>
          {question.label}
          {question.tooltip ? <QuestionTooltip text={question.tooltip} /> : null}
        </h2>
        {question.sublabel ? <p className="question__sublabel">{question.sublabel}</p> : null}
        <ChoiceButtons
          value={value}
          onChange={setValue}
          options={YES_NO_CHOICES}
          disabled={!editable}
          aria-labelledby={legendId}
        />
        {error?.fields.value ? <p className="question__error">{error.fields.value}</p> : null}
      </fieldset>
      {followUps ? (
        <div className="question__follow-ups">
          <FollowUp
            id={`${legendId}-medicacao`}
            label={FOLLOW_UP_LABELS.medication}
            value={medication}
            onChange={setMedication}
            disabled={!editable}
            error={error?.fields.medication}
          />
          <FollowUp
            id={`${legendId}-acompanhamento`}
            label={FOLLOW_UP_LABELS.treatment}
            value={treatment}
            onChange={setTreatment}
            disabled={!editable}
            error={error?.fields.treatment}
          />
        </div>
      ) : null}
      <div aria-live="assertive">
        {error ? <PlainAlert type="error" title={error.message} className="form-alert" /> : null}
      </div>
      {!editable ? <ReadOnlyNote proposalId={proposalId} party="buyer" /> : null}
      <div className="form-actions">
        <Button size="large" onClick={() => navigate(props.previousUrl)}>
          Anterior
        </Button>
        <Button type="primary" size="large" htmlType="submit" loading={sending} disabled={editable && !complete}>
          {props.nextUrl.includes('/revisao')
            ? 'Salvar'
            : question.id === HEALTH_QUESTION_COUNT
              ? 'Concluir'
              : 'Próxima'}
        </Button>
      </div>
    </form>
  );
}

function FollowUp({
  id,
  label,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string;
  label: string;
  value: YesNo | undefined;
  onChange: (v: YesNo) => void;
  disabled: boolean;
  error?: string;
}) {
  return (
    <fieldset className="question__follow-up" aria-labelledby={id}>
      <p className="question__follow-up-label" id={id}>
        {label}
      </p>
      <ChoiceButtons
        value={value}
        onChange={onChange}
        options={YES_NO_CHOICES}
        disabled={disabled}
        aria-labelledby={id}
      />
      {error ? <p className="question__error">{error}</p> : null}
    </fieldset>
  );
}

/** The info button of a question: opens on hover, focus and tap (a tap never closes what a hover opened). */
function QuestionTooltip({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={text} trigger={['hover', 'focus']} open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        size="small"
        className="question__tooltip"
        icon={<InfoCircleOutlined aria-hidden />}
        aria-label={`Mais informações: ${text}`}
        onClick={() => setOpen(true)}
      />
    </Tooltip>
  );
}
