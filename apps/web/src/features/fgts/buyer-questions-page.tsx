import { Button, Skeleton } from 'antd';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FGTS_PROPERTY_INELIGIBLE_TITLE } from '@portal/domain/fgts-property-rules';
import { fgtsEligibility } from '@portal/domain/fgts-sections';
import { findSection } from '@portal/domain/sections-registry';
import { Page } from '../../components/page';
import { SectionForm, type SectionExtension } from '../../components/section-form/section-form';
import { EligibilityNotice } from './eligibility-notice';
import { FgtsStateError } from './fgts-state-error';
import { buyerSubtitle, fgtsStepUrl, useFgtsScreen } from './flow';
import { NextStepButton } from '../../components/next-step-button';
import { FGTS_FIELD_UI } from './ui';
import { PlainAlert } from '../../components/plain-alert';

/** The live verdict under the questions, as they are answered. */
const extension: SectionExtension = {
  useOnValues: ({ values }) => <EligibilityNotice eligibility={fgtsEligibility(values)} />,
};

/**
 * /buyer/fgts/questions: "will you use FGTS?" and the four eligibility questions. A buyer whose
 * submitted answers allow FGTS resumes at the first unfinished step; one who cannot or does not
 * use it sees why, with the answers kept; ?edit=1 always shows the questions.
 */
export default function FgtsQuestionsPage() {
  const { proposalId, proposal, buyer, state, lost } = useFgtsScreen();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  if (lost) return <Navigate to="/buyer/select-proposal" replace />;

  const def = findSection('fgts_questions')!;
  const editing = search.get('edit') === '1';
  const s = state.data;
  const submitted = s?.steps.find((x) => x.key === 'fgts_questions')?.status === 'done';
  const body = () => {
    if (!s || !proposal.data || buyer === null) return null;
    if (!s.applicable) {
      return (
        <PlainAlert
          type="info"
          title="O FGTS não se aplica a esta proposta"
          description="O FGTS só pode ser usado em financiamento imobiliário; esta proposta é de crédito com garantia de imóvel (CGI)."
          action={<Link to="/buyer/home">Voltar ao início</Link>}
        />
      );
    }
    if (!editing && submitted && s.eligibility.status === 'eligible') {
      // Keyed by the arrival: a <Navigate> acts once, when it mounts. "Salvar e continuar" lands on
      // this same URL after the answers are saved, and the save's refetch may already have put this
      // redirect in place; the form's own navigation then arrived on top of it and the page stayed
      // with the redirect drawn (nothing: the title alone) and never sent. Every arrival sends now,
      // and the skeleton shows while it does.
      return (
        <>
          <Navigate key={location.key} to={fgtsStepUrl(s.next ?? 'fgts_review', buyer)} replace />
          <Skeleton active paragraph={{ rows: 6 }} />
        </>
      );
    }
    if (!editing && submitted) {
      const propertyFails = s.propertyRules.some((r) => r.status === 'fail');
      return (
        <>
          <EligibilityNotice
            eligibility={s.eligibility}
            title={propertyFails ? FGTS_PROPERTY_INELIGIBLE_TITLE : undefined}
          />
          <div className="page__actions">
            <Button
              size="large"
              onClick={() => navigate(fgtsStepUrl('fgts_questions', buyer, '&edit=1'))}
              disabled={!s.steps[0]!.canEdit}
            >
              Alterar respostas
            </Button>
            <NextStepButton
              proposalId={proposalId}
              fallback={
                <Button type="primary" size="large" onClick={() => navigate('/buyer/home')}>
                  Voltar ao início
                </Button>
              }
            />
          </div>
        </>
      );
    }
    return (
      <SectionForm
        proposalId={proposalId}
        sectionKey="fgts_questions"
        buyer={buyer}
        buyers={proposal.data.customers.length}
        ui={FGTS_FIELD_UI.fgts_questions}
        extension={extension}
        steps={{
          previousUrl: '/buyer/home',
          nextUrl: fgtsStepUrl('fgts_questions', buyer),
          followNextStep: false,
        }}
        successMessage="Respostas salvas."
        notFoundUrl="/buyer/home"
      />
    );
  };
  return (
    <Page title={def.title} subtitle={buyerSubtitle(proposal.data, buyer)}>
      <p className="muted">Estas perguntas dizem se você pode usar o saldo do FGTS na compra deste imóvel.</p>
      {proposal.isPending || state.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {state.isError ? <FgtsStateError error={state.error} /> : null}
      {body()}
    </Page>
  );
}
