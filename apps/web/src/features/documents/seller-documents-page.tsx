import { useState } from 'react';
import { App, Button, Skeleton, Tag } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ITEM_STATE_LABELS, type ItemState } from '@portal/domain/documents';
import { Page } from '../../components/page';
import { FormError } from '../../components/form-error';
import { ApiRequestError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useSections } from '../../lib/sections-api';
import type { SellerPart } from '@portal/domain/seller-api';
import { completeSellerPart, useSellerPart } from '../../lib/seller-api';
import type { SellerProposal } from '@portal/domain/proposal';
import { StepIndicator } from '../../components/step-indicator';
import { useDocuments, type DocumentItem } from '../../lib/documents-api';
import { proposalKeys, useProposal } from '../../lib/proposals-api';
import { buildSellerFlow, SELLER_STEPS, sellerUrl } from '../../lib/seller-flow';
import { useProgress } from '../../lib/progress-api';
import { stepPositionOf } from '../../lib/next-step';
import { formatInstantDate } from '@portal/domain/dates';
import { PlainAlert } from '../../components/plain-alert';

const STATE_COLORS: Record<ItemState, string> = {
  pending: 'default',
  sent: 'gold',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};

/**
 * /seller/proposals/:proposalId/documents (left-to-right transition, docs/product/seller.md): the seller's documents
 * with their state, the way to the upload screen, and the seller's "I am done".
 */
export default function SellerDocumentsPage() {
  const proposalId = useParams().proposalId ?? '';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const proposal = useProposal<SellerProposal>(proposalId);
  const sections = useSections(proposalId);
  const part = useSellerPart(proposalId);
  const documents = useDocuments(proposalId);
  const progress = useProgress(proposalId);
  const [completing, setCompleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (proposal.error instanceof ApiRequestError && proposal.error.status === 404)
    return <Navigate to="/seller/proposals" replace />;

  const flow = buildSellerFlow(sections.data?.sections);
  const last = flow.at(-1);
  // The documents and the completion are the seller's last two steps; this screen shows the first not done.
  const position = stepPositionOf(
    progress.data,
    progress.data?.steps.some((s) => s.id === 'documents:seller' && s.state !== 'done')
      ? 'documents:seller'
      : 'complete',
  );

  async function complete() {
    setError(null);
    setCompleting(true);
    try {
      await completeSellerPart(proposalId);
      await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      void message.success('Sua parte foi concluída.');
      navigate(sellerUrl(proposalId, 'completed'));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      await part.refetch();
    } finally {
      setCompleting(false);
    }
  }

  return (
    <Page title="Documentos" subtitle={proposal.data ? `Proposta ${proposal.data.code}` : undefined}>
      <StepIndicator
        index={position.step ? position.index : -1}
        total={position.total}
        title={position.step?.title ?? ''}
        loading={progress.isPending}
      />
      <p className="muted">
        Estes são os documentos que o banco pede ao vendedor. Envie cada um na tela de envio: a equipe do portal confere
        e avisa se algum precisar ser trocado.
      </p>
      {documents.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {documents.isError ? (
        <PlainAlert
          type="warning"
          className="form-alert"
          title="Não foi possível carregar a lista de documentos agora."
          action={<Button onClick={() => documents.refetch()}>Tentar de novo</Button>}
        />
      ) : null}
      {documents.data ? <DocumentList items={documents.data.items.filter((i) => i.uploader === 'seller')} /> : null}
      <p className="page__links">
        <Link to={sellerUrl(proposalId, 'upload')} className="seller-upload-link">
          Enviar documentos
        </Link>
      </p>

      {part.data ? (
        <CompletionBox proposalId={proposalId} part={part.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      )}
      <FormError message={error} />
      <div className="form-actions">
        <Button size="large" onClick={() => navigate(last ? sellerUrl(proposalId, last.path) : '/seller/proposals')}>
          Voltar
        </Button>
        {part.data?.done ? (
          <Button type="primary" size="large" onClick={() => navigate(sellerUrl(proposalId, 'completed'))}>
            Continuar
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            disabled={!part.data?.ready}
            loading={completing}
            onClick={() => void complete()}
          >
            Concluir minha parte
          </Button>
        )}
      </div>
    </Page>
  );
}

function DocumentList({ items }: { items: DocumentItem[] }) {
  if (!items.length) return <p className="muted">Nenhum documento é pedido ao vendedor nesta proposta.</p>;
  return (
    <ul className="section-rows doc-rows">
      {items.map((item) => (
        <li key={item.key} className="section-rows__row section-rows__row--two">
          <span>
            <span className="section-rows__title">{item.title}</span>
            <span className="doc-rows__hint">{item.hint}</span>
            {item.state === 'rejected' && item.reason ? (
              <span className="section-rows__problem">Motivo: {item.reason}</span>
            ) : null}
            {item.expiresAt && item.state !== 'expired' ? (
              <span className="doc-rows__hint">Válido até {formatInstantDate(item.expiresAt)}</span>
            ) : null}
          </span>
          <Tag color={STATE_COLORS[item.state]}>{ITEM_STATE_LABELS[item.state]}</Tag>
        </li>
      ))}
    </ul>
  );
}

/** Ready: the seller may complete. Not ready: the steps still missing, each a link. */
function CompletionBox({ proposalId, part }: { proposalId: string; part: SellerPart }) {
  if (part.done) return <PlainAlert type="success" className="form-alert" title="Sua parte já está concluída." />;
  if (part.ready)
    return (
      <PlainAlert
        type="info"
        className="form-alert"
        title="Tudo preenchido"
        description="Confira os documentos acima e conclua a sua parte: os compradores e a equipe do portal serão avisados na proposta."
      />
    );
  const missing = part.sections.filter((s) => s.required && s.problem);
  return (
    <PlainAlert
      type="warning"
      className="form-alert"
      title="Para concluir, ainda falta:"
      description={
        <ul className="notice-list">
          {missing.map((s) => {
            const step = SELLER_STEPS.find((x) => x.section === s.key);
            return (
              <li key={s.key}>
                {step ? <Link to={sellerUrl(proposalId, step.path)}>{step.title}</Link> : s.title} — {s.problem}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
