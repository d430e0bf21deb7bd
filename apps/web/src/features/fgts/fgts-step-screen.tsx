import { Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { FGTS_STEPS, type FgtsSectionKey } from '@portal/domain/fgts-sections';
import { findSection } from '@portal/domain/sections-registry';
import { Page } from '../../components/page';
import { SectionForm, type SectionExtension } from '../../components/section-form/section-form';
import { buyerSubtitle, fgtsStepUrl, useFgtsScreen } from './flow';
import { FGTS_FIELD_UI } from './ui';
import { FgtsStateError } from './fgts-state-error';

/**
 * One FGTS form step (address, civil status, income tax, authorization) of one buyer: the
 * generic section form, saved per buyer and per step. Open only to a buyer whose eligibility
 * answers allow FGTS; anyone else is sent back to the questions, which say why.
 */
export function FgtsStepScreen({
  stepKey,
  extension,
  defaults,
}: {
  stepKey: Exclude<FgtsSectionKey, 'fgts_questions' | 'fgts_review'>;
  extension?: SectionExtension;
  defaults?: Record<string, unknown>;
}) {
  const { proposalId, proposal, buyer, state, lost } = useFgtsScreen();
  if (lost) return <Navigate to="/buyer/select-proposal" replace />;

  const def = findSection(stepKey)!;
  const index = FGTS_STEPS.findIndex((s) => s.key === stepKey);
  const previous = FGTS_STEPS[index - 1]!;
  const next = FGTS_STEPS[index + 1]!;
  return (
    <Page title={def.title} subtitle={buyerSubtitle(proposal.data, buyer)}>
      {proposal.isPending || state.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {state.isError ? <FgtsStateError error={state.error} /> : null}
      {state.data && proposal.data && buyer !== null ? (
        !state.data.applicable || state.data.eligibility.status !== 'eligible' ? (
          <Navigate to={fgtsStepUrl('fgts_questions', buyer)} replace />
        ) : (
          <SectionForm
            proposalId={proposalId}
            sectionKey={stepKey}
            buyer={buyer}
            buyers={proposal.data.customers.length}
            ui={FGTS_FIELD_UI[stepKey]}
            defaults={defaults}
            extension={extension}
            steps={{
              // Back to the questions means editing them (the questions screen resumes otherwise).
              previousUrl: fgtsStepUrl(previous.key, buyer, previous.key === 'fgts_questions' ? '&edit=1' : ''),
              nextUrl: fgtsStepUrl(next.key, buyer),
              // The FGTS forms go on to the buyer's next FGTS step while one is left, then to the next step.
              sequence: true,
            }}
            notFoundUrl="/buyer/home"
          />
        )
      ) : null}
    </Page>
  );
}
