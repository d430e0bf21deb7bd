import { Button, Skeleton } from 'antd';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { Page } from '../../components/page';
import { NextStepButton } from '../../components/next-step-button';
import { useDocuments } from '../../lib/documents-api';
import { ItemStateTag } from './file-parts';
import { UploadItem } from './upload-item';
import { UnsentGuard } from './unsent-guard';
import type { FollowedItem } from '@portal/domain/documents-views';
import './documents.css';
import { PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import { PlainAlert } from '../../components/plain-alert';
import { PlainProgress } from '../../components/plain-progress';

/**
 * The upload checklist of one proposal, as the buyer or the seller sees it: the items they send,
 * each with its state, files and drop zone; for buyers, the seller's items read-only below. The
 * list comes from the proposal's data.
 */
export function DocumentsUploadScreen({
  proposalId,
  title,
  notFoundUrl,
  party,
}: {
  proposalId: string;
  title: string;
  notFoundUrl: string;
  /** Whose uploads these are: the way on ("Continuar") shows once they are no longer the next step. */
  party: 'buyer' | 'seller';
}) {
  // Drawn in slices when the list arrives (docs/decisions/033-slow-machine-main-thread.md).
  const docs = useDeferredValue(useDocuments(proposalId));
  const { hash } = useLocation();
  const loaded = docs.data !== undefined;
  // Links such as /buyer/documents/upload#fgts_form_0 (FGTS forms) open at their item once it is drawn.
  useEffect(() => {
    if (loaded && hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  // A stored choice may point at a proposal this user no longer sees: choose again.
  if (docs.error instanceof ApiRequestError && docs.error.status === 404) return <Navigate to={notFoundUrl} replace />;
  const items = docs.data?.items ?? [];
  const accepted = items.filter((i) => i.state === 'accepted').length;
  const waiting = items.filter((i) => i.state === 'sent').length;
  return (
    <Page title={title} subtitle={docs.data ? `Proposta ${docs.data.proposal.code}` : undefined}>
      {docs.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {docs.isError ? <PlainAlert type="error" title={docs.error.message} /> : null}
      {docs.data ? (
        <>
          <div className="doc-summary" aria-live="polite">
            <PlainProgress
              percent={items.length ? Math.round((accepted / items.length) * 100) : 100}
              showInfo={false}
              aria-label="Documentos aceitos"
            />
            <p className="doc-summary__text">
              {accepted} de {items.length} {items.length === 1 ? 'documento aceito' : 'documentos aceitos'}
              {waiting ? ` · ${waiting} em análise` : ''}
            </p>
            {docs.data.sellerItems.length ? (
              <p className="doc-summary__text">
                <a href="#documentos-do-vendedor">Documentos do vendedor</a>:{' '}
                {docs.data.sellerItems.filter((i) => i.state === 'accepted').length} de {docs.data.sellerItems.length}{' '}
                aceitos
              </p>
            ) : null}
          </div>
          {!docs.data.canUpload ? (
            <PlainAlert type="info" className="doc-summary__closed" title={PROPOSAL_CLOSED_MESSAGE} />
          ) : null}
          {items.length === 0 ? <p className="muted">Nenhum documento é pedido a você nesta proposta.</p> : null}
          <UnsentGuard>
            <div className="doc-items">
              {items.map((item) => (
                <UploadItem key={item.key} proposalId={proposalId} item={item} maxMb={docs.data.maxMb} />
              ))}
            </div>
          </UnsentGuard>
          {/* With nothing else to do (a re-sent document waits for the team), the way on is home. */}
          <NextStepButton
            proposalId={proposalId}
            current={`documents:${party}`}
            fallback={<HomeButton party={party} />}
          />
          {docs.data.sellerItems.length ? <SellerItems items={docs.data.sellerItems} /> : null}
        </>
      ) : null}
    </Page>
  );
}

/** The seller's items, for the buyers to follow: title, what it is and its state; nothing to do here. */
function SellerItems({ items }: { items: FollowedItem[] }) {
  const accepted = items.filter((i) => i.state === 'accepted').length;
  return (
    <section className="doc-followed" aria-labelledby="documentos-do-vendedor">
      <h2 id="documentos-do-vendedor" className="section-title">
        Documentos do vendedor
      </h2>
      <p className="muted doc-followed__intro">
        O vendedor envia estes documentos do imóvel. Acompanhe aqui o que a proposta ainda aguarda: {accepted} de{' '}
        {items.length} {items.length === 1 ? 'aceito' : 'aceitos'}.
      </p>
      <ul className="doc-followed__list">
        {items.map((item) => (
          <li key={item.key} className="doc-followed__item">
            <div>
              <strong className="doc-followed__title">{item.title}</strong>
              <span className="doc-followed__hint">{item.hint}</span>
            </div>
            <ItemStateTag item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Voltar ao início": the party's home, where the proposal's state and what comes next are told. */
function HomeButton({ party }: { party: 'buyer' | 'seller' }) {
  const navigate = useNavigate();
  return (
    <div className="next-step-button">
      <Button size="large" block onClick={() => navigate(party === 'buyer' ? '/buyer/home' : '/seller/proposals')}>
        Voltar ao início
      </Button>
    </div>
  );
}
