import { useState } from 'react';
import { Alert, App, Button, Input, Select, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { AMORTIZATION_LABELS, FEE_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@portal/domain/backoffice';
import { formatCep } from '@portal/domain/cep';
import { formatCpf } from '@portal/domain/cpf';
import { readableFields, type ReadableField } from '@portal/domain/field-labels';
import { ANSWER_LABELS, FOLLOW_UP_LABELS, HEALTH_QUESTIONS } from '@portal/domain/health-questionnaire';
import { formatMoney } from '@portal/domain/money';
import {
  INSURER_LABELS,
  PROPERTY_KIND_LABELS,
  PROPOSAL_TYPE_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  type ProposalStage,
  type ProposalStatus,
} from '@portal/domain/proposal';
import { Page } from '../../components/page';
import { ProgressCountText } from '../../components/proposal-summary';
import { ApiRequestError } from '../../lib/api-client';
import {
  dossierUrl,
  fetchHealthAnswers,
  useChangeStage,
  useChangeStatus,
  useProposalView,
  useRequestCorrection,
  type HealthAnswers,
  type ProposalView,
  type SectionView,
} from './api';
import { BackofficeMenu, SectionTag, StatusTag, when } from './format';
import { FinancingPanel } from './financing-panel';
import './backoffice.css';
import { formatInstant } from '@portal/domain/dates';

const buyerLabel = (position: number) => (position === 0 ? 'Comprador principal' : 'Segundo comprador');

/**
 * /backoffice/proposals/:proposalId: everything every party filled, section by section and
 * read-only, with each section's state; corrections, status and stage changes with a reason; the
 * documents (their own review screen); the health declaration for operators allowed to see it
 * (each opening is recorded); the history; and the dossier for the bank.
 */
export default function ProposalPage() {
  const { proposalId = '' } = useParams();
  const view = useProposalView(proposalId);

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
        <Alert type="error" showIcon title={missing ? 'Proposta não encontrada.' : view.error.message} />
      </Page>
    );
  }
  const v = view.data;
  const p = v.proposal;
  const groups: { title: string; sections: SectionView[] }[] = [
    ...v.members
      .filter((m) => m.role === 'buyer')
      .map((m) => ({
        title: `${buyerLabel(m.position)} — ${m.name}`,
        sections: v.sections.filter((s) => s.scope === 'buyer' && s.buyer === m.position),
      })),
    {
      title: 'Proposta (preenchida pelo comprador principal)',
      sections: v.sections.filter((s) => s.scope === 'proposal'),
    },
    { title: 'Vendedor', sections: v.sections.filter((s) => s.scope === 'seller') },
  ];

  return (
    <Page
      title={`Proposta ${p.code}`}
      subtitle={`${PROPOSAL_TYPE_LABELS[p.type]} · atualizada ${formatInstant(p.updatedAt)}`}
    >
      <BackofficeMenu />
      <section className="bo-summary" aria-label="Resumo">
        <dl className="bo-facts">
          <div>
            <dt>Situação</dt>
            <dd>
              <StatusTag status={p.status} />
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
              {p.financingOrCgiData.installments} meses · {AMORTIZATION_LABELS[p.financingOrCgiData.amortizationSystem]}{' '}
              · {FEE_TYPE_LABELS[p.financingOrCgiData.feeType]}
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
        <div className="bo-summary__actions">
          <a className="bo-download" href={dossierUrl(p.id)} download>
            Baixar dossiê para o banco (ZIP)
          </a>
          <Link to={`/backoffice/proposals/${p.id}/documents`}>
            Revisar documentos
            {v.documents ? ` (${v.documents.pending} a revisar, ${v.documents.accepted} aceitos)` : ''}
          </Link>
        </div>
      </section>

      <div className="bo-columns">
        <div className="bo-columns__main">
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
                    <Tag color={m.hasAccount ? 'green' : 'default'}>
                      {m.hasAccount ? 'Conta vinculada' : 'Sem conta'}
                    </Tag>
                  </li>
                ))}
              {!v.members.some((m) => m.role === 'seller') ? (
                <li className="bo-muted">Vendedor ainda não convidado.</li>
              ) : null}
            </ul>
          </section>

          {groups.map((g) =>
            g.sections.length ? (
              <section key={g.title} className="bo-group" aria-label={g.title}>
                <h2 className="section-title">{g.title}</h2>
                {g.sections
                  .filter((s) => s.values || s.hasDraft || s.status !== 'todo')
                  .map((s) => (
                    <SectionCard
                      key={`${s.key}:${s.buyer}`}
                      proposalId={p.id}
                      section={s}
                      canCorrect={v.canRequestCorrection}
                    />
                  ))}
                <EmptySections sections={g.sections.filter((s) => !s.values && !s.hasDraft && s.status === 'todo')} />
              </section>
            ) : null,
          )}

          <HealthPanel view={v} />
        </div>

        <aside className="bo-columns__side">
          <StatusPanel view={v} />
          <FinancingPanel proposalId={p.id} />
          <HistoryPanel view={v} />
        </aside>
      </div>
    </Page>
  );
}

/** Sections nobody started, in one compact list (the required ones first). */
function EmptySections({ sections }: { sections: SectionView[] }) {
  if (!sections.length) return null;
  const sorted = [...sections].sort((a, b) => Number(b.required) - Number(a.required));
  return (
    <div className="bo-empty">
      <span className="bo-muted">Ainda não preenchidas:</span>
      <ul>
        {sorted.map((s) => (
          <li key={`${s.key}:${s.buyer}`} className={s.required ? undefined : 'bo-muted'}>
            {s.title}
            {s.required ? '' : ' (não exigida)'}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fields({ fields }: { fields: ReadableField[] }) {
  return (
    <dl className="bo-values">
      {fields.map((f) => (
        <div key={f.key} className={f.children ? 'bo-values__block' : undefined}>
          <dt>{f.label}</dt>
          <dd>
            {f.value}
            {f.children?.map((child, i) => (
              <div key={i} className="bo-values__nested">
                <Fields fields={child} />
              </div>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SectionCard({
  proposalId,
  section: s,
  canCorrect,
}: {
  proposalId: string;
  section: SectionView;
  canCorrect: boolean;
}) {
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const correction = useRequestCorrection(proposalId);
  const id = `secao-${s.key}-${s.buyer ?? 'p'}`;
  return (
    <article className="bo-section" aria-labelledby={id}>
      <header className="bo-section__head">
        <h3 id={id}>{s.title}</h3>
        <span>
          {!s.required ? <Tag>Não exigida</Tag> : null}
          <SectionTag status={s.status} />
        </span>
      </header>
      {s.reviewNote ? (
        <Alert type="warning" showIcon title={`Correção pedida: ${s.reviewNote}`} className="bo-section__note" />
      ) : null}
      {s.values ? (
        <Fields fields={readableFields(s.values)} />
      ) : (
        <p className="bo-muted">
          {s.hasDraft ? 'Em preenchimento (rascunho ainda não enviado).' : 'Ainda não preenchida.'}
        </p>
      )}
      {s.status === 'done' && canCorrect ? (
        asking ? (
          <form
            className="bo-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              correction.mutate(
                { key: s.key, buyer: s.buyer, note },
                {
                  onSuccess: () => {
                    setAsking(false);
                    setNote('');
                    void message.success('Correção pedida. A pessoa responsável recebeu um e-mail.');
                  },
                },
              );
            }}
          >
            <label htmlFor={`${id}-nota`}>O que precisa ser corrigido?</label>
            <Input.TextArea
              id={`${id}-nota`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={1000}
            />
            {correction.isError ? (
              <Alert
                type="error"
                showIcon
                title={
                  correction.error instanceof ApiRequestError
                    ? (Object.values(correction.error.fields)[0] ?? correction.error.message)
                    : correction.error.message
                }
              />
            ) : null}
            <div className="bo-inline-form__actions">
              <Button htmlType="submit" type="primary" loading={correction.isPending}>
                Pedir correção
              </Button>
              <Button onClick={() => setAsking(false)}>Cancelar</Button>
            </div>
          </form>
        ) : (
          <Button onClick={() => setAsking(true)}>Pedir correção</Button>
        )
      ) : null}
    </article>
  );
}

function ChangeForm<T extends string>(props: {
  title: string;
  label: string;
  options: T[];
  labels: Record<T, string>;
  pending: boolean;
  error: Error | null;
  onSubmit: (to: T, reason: string, done: () => void) => void;
  hint: string;
}) {
  const [to, setTo] = useState<T | undefined>(undefined);
  const [reason, setReason] = useState('');
  const id = props.title.toLowerCase().replace(/\W+/g, '-');
  if (!props.options.length) return null;
  return (
    <form
      className="bo-change"
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        if (to)
          props.onSubmit(to, reason, () => {
            setTo(undefined);
            setReason('');
          });
      }}
    >
      <h3 id={id}>{props.title}</h3>
      <label htmlFor={`${id}-para`}>{props.label}</label>
      <Select<T>
        id={`${id}-para`}
        value={to}
        onChange={setTo}
        placeholder="Selecione"
        options={props.options.map((o) => ({ value: o, label: props.labels[o] }))}
      />
      <label htmlFor={`${id}-motivo`}>Motivo</label>
      <Input.TextArea
        id={`${id}-motivo`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={1000}
      />
      <p className="bo-hint">{props.hint}</p>
      {props.error ? (
        <Alert
          type="error"
          showIcon
          title={
            props.error instanceof ApiRequestError
              ? (Object.values(props.error.fields)[0] ?? props.error.message)
              : props.error.message
          }
        />
      ) : null}
      <Button htmlType="submit" type="primary" disabled={!to} loading={props.pending} block>
        Confirmar
      </Button>
    </form>
  );
}

function StatusPanel({ view }: { view: ProposalView }) {
  const { message } = App.useApp();
  const status = useChangeStatus(view.proposal.id);
  const stage = useChangeStage(view.proposal.id);
  return (
    <section className="bo-panel" aria-label="Situação e etapa">
      <ChangeForm<ProposalStatus>
        title="Mudar situação"
        label="Nova situação"
        options={view.nextStatuses}
        labels={STATUS_LABELS}
        pending={status.isPending}
        error={status.error}
        hint="Compradores e vendedor veem a nova situação e o motivo. “Correção pendente” envia e-mail aos compradores."
        onSubmit={(to, reason, done) =>
          status.mutate(
            { status: to, reason },
            { onSuccess: () => (done(), void message.success(`Situação: ${STATUS_LABELS[to]}`)) },
          )
        }
      />
      {!view.nextStatuses.length ? (
        <p className="bo-muted">
          A proposta está {STATUS_LABELS[view.proposal.status].toLowerCase()} e não muda mais de situação.
        </p>
      ) : null}
      <ChangeForm<ProposalStage>
        title="Mudar etapa"
        label="Nova etapa"
        options={view.nextStages}
        labels={STAGE_LABELS}
        pending={stage.isPending}
        error={stage.error}
        hint="A etapa avança uma de cada vez. A avaliação do imóvel avisa o vendedor por e-mail."
        onSubmit={(to, reason, done) =>
          stage.mutate(
            { stage: to, reason },
            { onSuccess: () => (done(), void message.success(`Etapa: ${STAGE_LABELS[to]}`)) },
          )
        }
      />
    </section>
  );
}

function HistoryPanel({ view }: { view: ProposalView }) {
  return (
    <section className="bo-panel" aria-labelledby="historico">
      <h2 id="historico" className="section-title">
        Histórico
      </h2>
      {view.history.length ? (
        <ol className="bo-history">
          {view.history.map((h) => (
            <li key={h.id}>
              <span className="bo-history__label">{h.label}</span>
              {h.reason ? <span className="bo-history__reason">{h.reason}</span> : null}
              <span className="bo-muted">
                {when(h.at)}
                {h.actor ? ` · ${h.actor}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="bo-muted">Nada registrado ainda.</p>
      )}
    </section>
  );
}

function HealthPanel({ view }: { view: ProposalView }) {
  const buyers = view.members.filter((m) => m.role === 'buyer');
  return (
    <section className="bo-group" aria-labelledby="saude">
      <h2 id="saude" className="section-title">
        Declaração de saúde (DPS)
      </h2>
      {view.canViewHealth ? (
        <>
          <p className="bo-hint">
            Dados sensíveis (LGPD). Cada abertura fica registrada no log de auditoria e no registro de acesso do
            comprador.
          </p>
          {buyers.map((b) => (
            <HealthAnswersCard key={b.id} proposalId={view.proposal.id} buyer={b.position} name={b.name} />
          ))}
        </>
      ) : (
        <p className="bo-muted">
          Você não tem permissão para ver a declaração de saúde. Peça a um operador que tenha essa permissão.
        </p>
      )}
    </section>
  );
}

function HealthAnswersCard({ proposalId, buyer, name }: { proposalId: string; buyer: number; name: string }) {
  const [data, setData] = useState<HealthAnswers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <article className="bo-section">
      <header className="bo-section__head">
        <h3>{`${buyerLabel(buyer)} — ${name}`}</h3>
        {data ? (
          <Tag color={data.completed ? 'green' : 'gold'}>{data.completed ? 'Confirmada' : 'Não confirmada'}</Tag>
        ) : null}
      </header>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {data ? (
        data.answers.length ? (
          <dl className="bo-values">
            {HEALTH_QUESTIONS.map((q) => {
              const a = data.answers.find((x) => x.key === q.key);
              return (
                <div key={q.key}>
                  <dt>
                    {q.id}. {q.label}
                  </dt>
                  <dd>
                    {a ? ANSWER_LABELS[a.value] : '—'}
                    {a?.medication ? ` · ${FOLLOW_UP_LABELS.medication} ${ANSWER_LABELS[a.medication]}` : ''}
                    {a?.treatment ? ` · ${FOLLOW_UP_LABELS.treatment} ${ANSWER_LABELS[a.treatment]}` : ''}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <p className="bo-muted">Nenhuma resposta ainda.</p>
        )
      ) : (
        <Button
          loading={loading}
          onClick={() => {
            setLoading(true);
            setError(null);
            fetchHealthAnswers(proposalId, buyer)
              .then(setData, (e: Error) => setError(e.message))
              .finally(() => setLoading(false));
          }}
        >
          Ver declaração de saúde (acesso registrado)
        </Button>
      )}
    </article>
  );
}
