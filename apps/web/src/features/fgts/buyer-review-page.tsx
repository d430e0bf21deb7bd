import { App, Skeleton } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { FGTS_STEPS, type FgtsSectionKey } from '@portal/domain/fgts-sections';
import { Page } from '../../components/page';
import { NextStepButton } from '../../components/next-step-button';
import { SectionStatusTag } from '../../components/section-form/section-status';
import { ConfirmBox } from '../../components/confirm-box';
import type { FieldUi } from '../../components/section-form/widgets';
import { queryClient } from '../../lib/query-client';
import { sectionQueryOptions, submitSection } from '../../lib/sections-api';
import { proposalKeys } from '../../lib/proposals-api';
import { useAction } from '../../lib/use-action';
import { FgtsStateError } from './fgts-state-error';
import { buyerSubtitle, fgtsStepUrl, useFgtsScreen } from './flow';
import { formatValue } from './format';
import { FGTS_FIELD_UI } from './ui';
import { ReadOnlyNote } from '../../components/read-only-note';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

const SHOWN = FGTS_STEPS.filter((s) => s.key !== 'fgts_review');

/** /buyer/fgts/review: everything the buyer gave for FGTS, each step editable, then the confirmation. */
export default function FgtsReviewPage() {
  const { proposalId, proposal, buyer, state, lost } = useFgtsScreen();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const sections = useQueries({
    queries: SHOWN.map((s) => ({
      ...sectionQueryOptions(proposalId ?? '', s.key, buyer),
      enabled: proposalId !== null && buyer !== null,
    })),
  });
  const { sending, error, run } = useAction();
  if (lost) return <Navigate to="/buyer/select-proposal" replace />;

  const s = state.data;
  if (s && buyer !== null && (!s.applicable || s.eligibility.status !== 'eligible'))
    return <Navigate to={fgtsStepUrl('fgts_questions', buyer)} replace />;
  const missing = s ? s.steps.filter((x) => x.key !== 'fgts_review' && x.status !== 'done') : [];
  const canEdit = s?.steps.find((x) => x.key === 'fgts_review')?.canEdit ?? false;

  async function confirm() {
    if (buyer === null || !proposalId) return;
    await run(async () => {
      await submitSection(proposalId, 'fgts_review', buyer, { confirmed: true });
      await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      void message.success('FGTS confirmado. Agora gere o formulário para assinar.');
      navigate('/buyer/documents/fgts');
    });
  }

  return (
    <Page title="FGTS — Revisão" subtitle={buyerSubtitle(proposal.data, buyer)}>
      {state.isPending || sections.some((q) => q.isPending) ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {state.isError ? <FgtsStateError error={state.error} /> : null}
      {s && buyer !== null && sections.every((q) => q.data) ? (
        <>
          <p className="muted">
            Confira tudo antes de confirmar. Estas informações vão para o formulário do FGTS que você vai assinar.
          </p>
          {s.confirmed ? (
            <PlainAlert
              type="success"
              className="form-alert"
              title="Você já confirmou estas informações."
              action={
                <Link className="touch-link" to="/buyer/documents/fgts">
                  Gerar o formulário
                </Link>
              }
            />
          ) : null}
          {s.confirmed ? <NextStepButton proposalId={proposalId!} current={`section:fgts_review:${buyer}`} /> : null}
          <ul className="card-list card-list--single">
            {SHOWN.map((step, i) => {
              const detail = sections[i]!.data!;
              return (
                <li key={step.key}>
                  <PlainCard
                    className="review-card"
                    title={step.title}
                    extra={
                      <span className="review-card__extra">
                        <SectionStatusTag status={detail.status} />
                        {detail.canEdit ? (
                          <Link
                            className="touch-link"
                            to={fgtsStepUrl(step.key, buyer, step.key === 'fgts_questions' ? '&edit=1' : '')}
                            aria-label={`Alterar ${step.title}`}
                          >
                            Alterar
                          </Link>
                        ) : null}
                      </span>
                    }
                  >
                    {detail.values ? (
                      <ValuesList ui={FGTS_FIELD_UI[step.key as FgtsSectionKey]} values={detail.values} />
                    ) : (
                      <p className="muted">Ainda não preenchido.</p>
                    )}
                  </PlainCard>
                </li>
              );
            })}
          </ul>
          {missing.length ? (
            <PlainAlert
              type="warning"
              className="form-alert"
              title="Falta concluir:"
              description={
                <ul>
                  {missing.map((m) => (
                    <li key={m.key}>
                      <Link to={fgtsStepUrl(m.key, buyer)}>{FGTS_STEPS.find((x) => x.key === m.key)!.title}</Link>
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {canEdit ? (
            <ConfirmBox
              statement="Confirmo que as informações do FGTS estão corretas"
              blocked={missing.length > 0}
              confirmLabel="Confirmar"
              sending={sending}
              error={error}
              onBack={() => navigate(fgtsStepUrl('fgts_authorization', buyer))}
              onConfirm={() => void confirm()}
            />
          ) : (
            <ReadOnlyNote proposalId={proposalId} party="buyer" />
          )}
        </>
      ) : null}
    </Page>
  );
}

/** Label and value of each field given, rows and blocks included. */
function ValuesList({ ui, values }: { ui: Record<string, FieldUi>; values: Record<string, unknown> }) {
  return (
    <dl className="facts review-facts">
      {Object.entries(ui)
        .filter(([key]) => values[key] !== undefined)
        .map(([key, fieldUi]) => {
          const value = values[key];
          if (fieldUi.widget === 'list') {
            const rows = (value as Record<string, unknown>[]) ?? [];
            return (
              <div key={key} className="review-facts__wide">
                <dt>{fieldUi.label}</dt>
                <dd>
                  <ol className="review-rows">
                    {rows.map((row, i) => (
                      <li key={i}>
                        {Object.entries(fieldUi.fields ?? {})
                          .map(
                            ([k, u]) =>
                              `${u.label}: ${formatValue(u, row[k] ?? (k === 'amount' && values.full_amount === true ? 'Saldo total' : undefined))}`,
                          )
                          .join(' · ')}
                      </li>
                    ))}
                  </ol>
                </dd>
              </div>
            );
          }
          if (fieldUi.widget === 'group') {
            const block = (value as Record<string, unknown>) ?? {};
            return (
              <div key={key} className="review-facts__wide">
                <dt>{fieldUi.label}</dt>
                <dd>
                  {Object.entries(fieldUi.fields ?? {})
                    .map(([k, u]) => `${u.label}: ${formatValue(u, block[k])}`)
                    .join(' · ')}
                </dd>
              </div>
            );
          }
          return (
            <div key={key}>
              <dt>{fieldUi.label}</dt>
              <dd>{formatValue(fieldUi, value)}</dd>
            </div>
          );
        })}
    </dl>
  );
}
