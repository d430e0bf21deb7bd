import { Button, Skeleton } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import type { Customer } from '@portal/domain/proposal';
import { Page } from '../../components/page';
import { ApiRequestError } from '../../lib/api-client';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../../lib/proposals-api';
import { fgtsPdfUrl, useFgtsState } from './api';
import { fgtsStepUrl } from './flow';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';
import { NextStepButton } from '../../components/next-step-button';

/**
 * /buyer/documents/fgts: each buyer's filled-in FGTS form as a PDF to download, print and sign,
 * and the way to upload the signed copy (checklist items fgts_form_0 / fgts_form_1).
 */
export default function FgtsDocumentsPage() {
  const proposalId = readSelectedProposal();
  const proposal = useProposal(proposalId);
  const navigate = useNavigate();
  if (!proposalId) return <Navigate to="/buyer/select-proposal" replace />;
  if (proposal.error instanceof ApiRequestError && proposal.error.status === 404)
    return <Navigate to="/buyer/select-proposal" replace />;
  const p = proposal.data;
  return (
    <Page title="Formulários do FGTS" subtitle={p ? `Proposta ${p.code}` : undefined}>
      {proposal.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {p ? (
        p.type !== 'financing' ? (
          <PlainAlert
            type="info"
            title="O FGTS não se aplica a esta proposta"
            description="O FGTS só pode ser usado em financiamento imobiliário."
          />
        ) : (
          <>
            <ol className="steps-list">
              <li>Baixe o formulário preenchido de cada comprador que usa o FGTS.</li>
              <li>Imprima, confira e assine (o cônjuge assina também, se houver).</li>
              <li>Digitalize a via assinada e envie em “Envio de documentos”.</li>
            </ol>
            <ul className="card-list card-list--single">
              {p.customers.map((c) => (
                <li key={c.id}>
                  <BuyerForm
                    proposalId={p.id}
                    customer={c}
                    isMe={p.customerData?.id === c.id}
                    twoBuyers={p.customers.length > 1}
                  />
                </li>
              ))}
            </ul>
            {/* The way on once the forms are downloaded: the next step (the upload of the signed copies). */}
            <NextStepButton
              proposalId={p.id}
              fallback={
                <div className="next-step-button">
                  <Button type="primary" size="large" block onClick={() => navigate('/buyer/home')}>
                    Continuar
                  </Button>
                </div>
              }
            />
          </>
        )
      ) : null}
    </Page>
  );
}

function BuyerForm({
  proposalId,
  customer,
  isMe,
  twoBuyers,
}: {
  proposalId: string;
  customer: Customer;
  isMe: boolean;
  twoBuyers: boolean;
}) {
  const state = useFgtsState(proposalId, customer.position);
  const navigate = useNavigate();
  const title = `${customer.position === 0 ? 'Comprador principal' : 'Segundo comprador'}${isMe && twoBuyers ? ' (você)' : ''}`;
  const firstName = customer.name.split(' ')[0];
  const uploadItem = `fgts_form_${customer.position}`;
  let content: React.ReactNode;
  if (state.isPending) content = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (state.isError) {
    content =
      state.error instanceof ApiRequestError && state.error.status === 403 ? (
        <p className="muted">O formulário deste comprador é gerado por ele mesmo, no acesso dele.</p>
      ) : (
        <PlainAlert type="error" title={state.error.message} />
      );
  } else {
    const s = state.data;
    if (s.eligibility.status === 'not_using') content = <p className="muted">Não vai usar o FGTS nesta compra.</p>;
    else if (s.eligibility.status === 'ineligible')
      content = (
        <div className="muted">
          <p>Não pode usar o FGTS nesta compra:</p>
          <ul>
            {s.eligibility.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      );
    else if (!s.confirmed && !s.steps.some((x) => x.canEdit)) {
      content = (
        <p className="muted">
          {firstName} preenche o FGTS no próprio acesso; o formulário aparece aqui quando estiver confirmado.
        </p>
      );
    } else if (!s.confirmed) {
      content = (
        <>
          <p className="muted">
            {s.eligibility.status === 'eligible'
              ? 'Conclua e confirme as etapas do FGTS para gerar o formulário.'
              : 'Responda primeiro às perguntas do FGTS.'}
          </p>
          <Button size="large" onClick={() => navigate(fgtsStepUrl(s.next ?? 'fgts_questions', customer.position))}>
            Continuar o FGTS
          </Button>
        </>
      );
    } else {
      content = (
        <div className="fgts-form-actions">
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined aria-hidden />}
            href={fgtsPdfUrl(proposalId, customer.position)}
            download
            aria-label={`Baixar formulário do FGTS (PDF) — ${customer.name}`}
          >
            Baixar formulário (PDF)
          </Button>
          <Link
            to={`/buyer/documents/upload#${uploadItem}`}
            className="fgts-form-actions__upload touch-link"
            aria-label={`Enviar a via assinada — ${customer.name}`}
          >
            <UploadOutlined aria-hidden /> Enviar a via assinada
          </Link>
        </div>
      );
    }
  }
  return (
    <PlainCard title={title} className="sections-card">
      <p className="fgts-form-card__name">{customer.name}</p>
      {content}
    </PlainCard>
  );
}
