import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { AMORTIZATION_LABELS, FEE_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@portal/domain/backoffice';
import { formatCep } from '@portal/domain/cep';
import { formatCpf } from '@portal/domain/cpf';
import { formatMoney } from '@portal/domain/money';
import {
  INSURER_LABELS,
  PROPERTY_KIND_LABELS,
  PROPOSAL_TYPE_LABELS,
  STAGE_LABELS,
} from '@portal/domain/proposal-values';
import { Page } from '../../components/page';
import { ProgressCountText } from '../../components/proposal-summary';
import { ApiRequestError } from '../../lib/api-client';
import { useFinancing } from '../../lib/financing-api';
import { dossierUrl, useProposalView } from './api';
import { ProposalStatusTag } from '../../components/proposal-status-tag';
import { BackofficeMenu, buyerLabel } from './format';
import './backoffice.css';
import './proposal-workspace.css';
import { formatInstant } from '@portal/domain/dates';
import { HistoryPanel, StatusPanel } from './proposal-status-panels';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag } from '../../components/plain-tag';
import { ProposalTabs, useProposalTab } from './proposal-tabs';
import { OwnerActions } from './owner-actions';
import { RemindersPanel } from './reminders-panel';

/**
 * /backoffice/proposals/:proposalId, in tabs (?aba=, docs/decisions/051-operator-notes-and-review.md):
 * Resumo (facts, parties, status and stage changes), Dados (every section as filled, corrections,
 * the health declaration for operators allowed to see it), Documentos (the side-by-side review),
 * Financiamento, Histórico and the team's Notas; the dossier for the bank in the header.
 */
/**
 * The financing panel's form (react-hook-form, antd's Form) loads after the page's first render:
 * the panel shows nothing until its data are there anyway, and the page asks for them at once.
 */
const FinancingPanel = lazy(() => import('./financing-panel').then((m) => ({ default: m.FinancingPanel })));
/**
 * The filled sections (with the health declaration), the review and the notes are tabs of their
 * own: their code loads when the tab opens.
 */
const DataTab = lazy(() => import('./proposal-data-tab').then((m) => ({ default: m.DataTab })));
const SideBySideReview = lazy(() => import('./side-by-side-review').then((m) => ({ default: m.SideBySideReview })));
const NotesPanel = lazy(() => import('./notes-panel').then((m) => ({ default: m.NotesPanel })));

export default function ProposalPage() {
  const { proposalId = '' } = useParams();
  const view = useProposalView(proposalId);
  const tab = useProposalTab();
  useFinancing(proposalId || null);

  if (view.isPending) {
    return (
      <Page title="Proposta">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Page>
    );
  }
  if (view.isError) {
    const missing = view.error instanceof ApiRequestError && view.error.status === 404;
    return (
      <Page title="Proposta">
        <BackofficeMenu />
        <PlainAlert type="error" title={missing ? 'Proposta não encontrada.' : view.error.message} />
      </Page>
    );
  }
  const v = view.data;
  const p = v.proposal;

  const summary = (
    <section className="bo-summary" aria-label="Resumo">
      <dl className="bo-facts">
        <div>
          <dt>Situação</dt>
          <dd>
            <ProposalStatusTag status={p.status} />
          </dd>
        </div>
        <div>
          <dt>Etapa</dt>
          <dd>{STAGE_LABELS[p.stage]}</dd>
        </div>
        <div>
          <dt>Preenchimento</dt>
          <dd>
            <ProgressCountText proposalId={p.id} />
          </dd>
        </div>
        <div>
          <dt>Imóvel</dt>
          <dd>
            {PROPERTY_KIND_LABELS[p.property.kind]} {PROPERTY_TYPE_LABELS[p.property.type].toLowerCase()} ·{' '}
            {p.property.city}/{p.property.uf} · CEP {formatCep(p.property.zipCode)}
          </dd>
        </div>
        <div>
          <dt>{p.type === 'cgi' ? 'Valor do crédito' : 'Valor financiado'}</dt>
          <dd>{formatMoney(p.financingOrCgiData.amount)}</dd>
        </div>
        <div>
          <dt>Condições</dt>
          <dd>
            {p.financingOrCgiData.installments} meses · {AMORTIZATION_LABELS[p.financingOrCgiData.amortizationSystem]} ·{' '}
            {FEE_TYPE_LABELS[p.financingOrCgiData.feeType]}
          </dd>
        </div>
        <div>
          <dt>Seguradora</dt>
          <dd>{INSURER_LABELS[p.financingOrCgiData.insuranceCompanyName]}</dd>
        </div>
        <div>
          <dt>Produto</dt>
          <dd>{p.financingOrCgiData.product}</dd>
        </div>
      </dl>
    </section>
  );

  const parties = (
    <section aria-labelledby="partes">
      <h2 id="partes" className="section-title">
        Partes
      </h2>
      <ul className="bo-parties">
        {[...v.members]
          .sort((a, b) => a.role.localeCompare(b.role) || a.position - b.position)
          .map((m) => (
            <li key={m.id}>
              <strong>{m.role === 'buyer' ? buyerLabel(m.position) : 'Vendedor'}:</strong> {m.name}
              {m.cpf ? ` · CPF ${formatCpf(m.cpf)}` : ''} · {m.email}{' '}
              <PlainTag color={m.hasAccount ? 'green' : 'default'}>
                {m.hasAccount ? 'Acesso ao portal criado' : 'Ainda sem acesso ao portal'}
              </PlainTag>
            </li>
          ))}
        {!v.members.some((m) => m.role === 'seller') ? (
          <li className="bo-muted">Vendedor ainda não convidado.</li>
        ) : null}
      </ul>
    </section>
  );

  return (
    <Page
      title={`Proposta ${p.code}`}
      subtitle={`${PROPOSAL_TYPE_LABELS[p.type]} · atualizada ${formatInstant(p.updatedAt)}`}
    >
      <BackofficeMenu />
      {/* The header's actions, on every tab: what acts on the whole proposal (the responsible operator,
          "Assumir" / "Passar para…", the dossier, the documents). */}
      <div className="bo-header-actions">
        <ProposalStatusTag status={p.status} />
        <span className="bo-muted">{STAGE_LABELS[p.stage]}</span>
        <OwnerActions proposalId={p.id} />
        <a className="bo-download" href={dossierUrl(p.id)} download>
          Baixar dossiê para o banco (ZIP)
        </a>
        <Link to={`/backoffice/proposals/${p.id}/documents`}>
          Revisar documentos
          {v.documents ? ` (${v.documents.pending} a revisar, ${v.documents.accepted} aceitos)` : ''}
        </Link>
      </div>
      <ProposalTabs current={tab} />

      {tab === 'resumo' ? (
        <div className="bo-columns">
          <div className="bo-columns__main">
            {summary}
            {parties}
          </div>
          <aside className="bo-columns__side">
            <StatusPanel view={v} />
            <RemindersPanel proposalId={p.id} />
          </aside>
        </div>
      ) : null}

      {tab === 'dados' ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <DataTab view={v} />
        </Suspense>
      ) : null}

      {tab === 'documentos' ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <SideBySideReview view={v} />
        </Suspense>
      ) : null}

      {tab === 'financiamento' ? (
        <div className="bo-tab-narrow">
          <Suspense fallback={<Skeleton active />}>
            <FinancingPanel proposalId={p.id} />
          </Suspense>
        </div>
      ) : null}

      {tab === 'historico' ? (
        <div className="bo-tab-narrow">
          <HistoryPanel view={v} />
        </div>
      ) : null}

      {tab === 'notas' ? (
        <div className="bo-tab-narrow">
          <Suspense fallback={<Skeleton active />}>
            <NotesPanel proposalId={p.id} />
          </Suspense>
        </div>
      ) : null}
    </Page>
  );
}
