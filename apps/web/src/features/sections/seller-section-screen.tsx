import { Button, Skeleton } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { findSection } from '@portal/domain/sections-registry';
import type { SellerSectionKey } from '@portal/domain/seller-sections';
import { Page } from '../../components/page';
import { SectionForm, type SectionExtension } from '../../components/section-form/section-form';
import { ApiRequestError } from '../../lib/api-client';
import { useSections } from '../../lib/sections-api';
import { useSession } from '../../lib/session';
import type { SellerProposal } from '@portal/domain/proposal';
import { useProposal } from '../../lib/proposals-api';
import { buildSellerFlow, sellerUrl, stepPosition } from '../../lib/seller-flow';
import { SELLER_FIELD_UI } from './seller-field-ui';
import { PlainAlert } from '../../components/plain-alert';

/** A seller's section screen: the proposal of the URL, the seller's flow, the section form. */
export function SellerSectionScreen({
  sectionKey,
  extension,
}: {
  sectionKey: SellerSectionKey;
  extension?: SectionExtension;
}) {
  const proposalId = useParams().proposalId ?? '';
  const navigate = useNavigate();
  const def = findSection(sectionKey)!;
  const proposal = useProposal<SellerProposal>(proposalId);
  const sections = useSections(proposalId);
  const session = useSession();
  if (proposal.error instanceof ApiRequestError && proposal.error.status === 404)
    return <Navigate to="/seller/proposals" replace />;

  const flow = buildSellerFlow(sections.data?.sections);
  const { previous, next } = stepPosition(flow, sectionKey);
  const applies = sections.data?.sections.find((s) => s.key === sectionKey)?.required !== false;
  // The seller's own name and e-mail start the general data; what they typed or sent wins.
  const defaults: Record<string, unknown> | undefined =
    sectionKey === 'seller-general-data'
      ? { person_type: 'person', name: session.data?.name ?? '', email: session.data?.email ?? '' }
      : undefined;

  return (
    <Page title={def.title} subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}>
      {proposal.isError && !(proposal.error instanceof ApiRequestError && proposal.error.status === 404) ? (
        <PlainAlert type="error" title={proposal.error.message} />
      ) : null}
      {sections.isPending || session.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {sections.data && !applies ? (
        <>
          <PlainAlert
            type="info"
            title="Esta etapa não se aplica a você"
            description="Ela é só para quem vende como pessoa física."
            className="form-alert"
          />
          <Button type="primary" size="large" block onClick={() => navigate(sellerUrl(proposalId))}>
            Continuar
          </Button>
        </>
      ) : null}
      {sections.data && applies && !session.isPending ? (
        <SectionForm
          proposalId={proposalId}
          sectionKey={sectionKey}
          buyer={null}
          buyers={proposal.data?.customers.length ?? 1}
          ui={SELLER_FIELD_UI[sectionKey]}
          defaults={defaults}
          steps={{
            previousUrl: previous ? sellerUrl(proposalId, previous.path) : '/seller/proposals',
            nextUrl: sellerUrl(proposalId, next ? next.path : 'documents'),
          }}
          extension={extension}
          notFoundUrl="/seller/proposals"
        />
      ) : null}
    </Page>
  );
}
