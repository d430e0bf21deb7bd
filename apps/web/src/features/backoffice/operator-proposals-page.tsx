import { useDeferredValue, useEffect, useState } from 'react';
import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatCpf } from '@portal/domain/cpf';
import { formatMoney } from '@portal/domain/money';
import type { ProposalListItem } from '@portal/domain/backoffice';
import { LIST_SORT_LABELS, LIST_SORTS, type ListSort } from '@portal/domain/backoffice-list-sorts';
import {
  INSURER_LABELS,
  PROPOSAL_STAGES,
  PROPOSAL_STATUSES,
  PROPOSAL_TYPE_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
} from '@portal/domain/proposal-values';
import { Page } from '../../components/page';
import { NativeSelect } from '../../components/fields/native-fields';
import { SearchBox } from '../../components/plain-fields';
import { PlainTable, type PlainColumn, type SortOrder } from '../../components/plain-table';
import { useNarrow } from '../../lib/use-narrow';
import { useSearchParamsNow } from '../../lib/use-search-params-now';
import { useProposalList } from './api';
import { ProposalStatusTag } from '../../components/proposal-status-tag';
import { ListCount, ProposalCardHead } from './list-parts';
import { BackofficeMenu, when } from './format';
import './backoffice.css';
import { PlainAlert } from '../../components/plain-alert';

const FILTERS = [
  'q',
  'status',
  'stage',
  'type',
  'insurer',
  'pendingDocuments',
  'responsible',
  'sort',
  'order',
] as const;
const PAGE_SIZE = 20;
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const SORT_FIELD: Partial<Record<string, ListSort>> = {
  code: 'code',
  fillingStatus: 'fillingStatus',
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
};

function buyersCell(p: ProposalListItem) {
  return (
    <ul className="bo-buyers">
      {p.buyers.map((b) => (
        <li key={`${b.name}${b.cpf}`}>
          <span>{b.name}</span>
          {b.cpf ? <span className="bo-muted"> · {formatCpf(b.cpf)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * /backoffice: every proposal, searched (code, buyer name or CPF), filtered, sorted and paged on
 * the server (keyset pages: as fast on page 500 as on page 1). Filters live in the URL, so the back
 * button and a shared link keep them. Phones get cards instead of the table.
 */
export default function ProposalsPage() {
  const [params, setParams] = useSearchParamsNow();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const filters = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined])) as Record<
    (typeof FILTERS)[number],
    string | undefined
  >;
  const cursor = params.get('cursor') ?? undefined;
  // Drawn in slices when a page of the list arrives (docs/decisions/033-slow-machine-main-thread.md).
  const list = useDeferredValue(useProposalList({ ...filters, cursor, limit: PAGE_SIZE }));
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);

  const update = (changes: Partial<Record<(typeof FILTERS)[number] | 'cursor', string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    // A new filter starts from the first page.
    if (!('cursor' in changes)) next.delete('cursor');
    setParams(next);
  };
  const sort = (filters.sort as ListSort | undefined) ?? 'updatedAt';
  const order = (filters.order as 'asc' | 'desc' | undefined) ?? 'desc';
  const sorted = (field: ListSort): SortOrder | null =>
    sort === field ? (order === 'asc' ? 'ascend' : 'descend') : null;
  // Shown while the list loads (and when it is empty), so the filters do not move when it arrives.
  const hasDocuments = !list.data?.data.length || list.data.data.some((p) => p.pendingDocuments !== null);

  const columns: PlainColumn<ProposalListItem>[] = [
    {
      title: 'Código',
      key: 'code',
      sortOrder: sorted('code'),
      render: (p) => (
        <Link to={`/backoffice/proposals/${p.id}`} className="bo-code">
          {p.code}
        </Link>
      ),
    },
    { title: 'Compradores', key: 'buyers', render: buyersCell },
    { title: 'Tipo', key: 'type', render: (p) => (p.type === 'cgi' ? 'CGI' : 'Financiamento') },
    { title: 'Situação', key: 'status', render: (p) => <ProposalStatusTag status={p.status} /> },
    { title: 'Etapa', key: 'stage', render: (p) => STAGE_LABELS[p.stage] },
    { title: 'Seguradora', key: 'insurer', render: (p) => (p.insurer ? INSURER_LABELS[p.insurer] : '—') },
    {
      title: 'Preench.',
      key: 'fillingStatus',
      align: 'right',
      sortOrder: sorted('fillingStatus'),
      render: (p) => `${p.fillingStatus}%`,
    },
    ...(hasDocuments
      ? [
          {
            title: 'Docs. a revisar',
            key: 'pendingDocuments',
            align: 'right' as const,
            render: (p: ProposalListItem) =>
              p.pendingDocuments ? <Tag color="orange">{p.pendingDocuments}</Tag> : '—',
          },
        ]
      : []),
    { title: 'Responsável', key: 'responsible', render: (p) => p.responsible?.name ?? '—' },
    { title: 'Atualizada', key: 'updatedAt', sortOrder: sorted('updatedAt'), render: (p) => when(p.updatedAt) },
  ];

  const page = list.data;
  return (
    <Page
      title="Propostas"
      subtitle="Todas as propostas do portal. Busque pelo código, pelo nome ou pelo CPF de um comprador."
    >
      <BackofficeMenu />
      <div className="bo-actions">
        <Button type="primary" size="large" onClick={() => navigate('/backoffice/proposals/new')}>
          Nova proposta
        </Button>
      </div>
      <form
        className="bo-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: search.trim() || undefined });
        }}
      >
        <label className="bo-filters__search">
          <span>Buscar</span>
          <SearchBox
            value={search}
            onChange={setSearch}
            onClear={() => update({ q: undefined })}
            placeholder="Código, nome ou CPF"
            button="Buscar"
            aria-label="Buscar por código, nome ou CPF"
          />
        </label>
        <FilterSelect
          label="Situação"
          value={filters.status}
          onChange={(v) => update({ status: v })}
          options={options(STATUS_LABELS).filter((o) => (PROPOSAL_STATUSES as readonly string[]).includes(o.value))}
        />
        <FilterSelect
          label="Etapa"
          value={filters.stage}
          onChange={(v) => update({ stage: v })}
          options={options(STAGE_LABELS).filter((o) => (PROPOSAL_STAGES as readonly string[]).includes(o.value))}
        />
        <FilterSelect
          label="Tipo"
          value={filters.type}
          onChange={(v) => update({ type: v })}
          options={options(PROPOSAL_TYPE_LABELS)}
        />
        <FilterSelect
          label="Seguradora"
          value={filters.insurer}
          onChange={(v) => update({ insurer: v })}
          options={options(INSURER_LABELS)}
        />
        {hasDocuments || filters.pendingDocuments ? (
          <FilterSelect
            label="Documentos"
            value={filters.pendingDocuments}
            onChange={(v) => update({ pendingDocuments: v })}
            options={[
              { value: 'yes', label: 'Com documentos a revisar' },
              { value: 'no', label: 'Sem documentos a revisar' },
            ]}
          />
        ) : null}
        <FilterSelect
          label="Responsável"
          value={filters.responsible}
          onChange={(v) => update({ responsible: v })}
          options={[{ value: 'me', label: 'Minhas propostas' }]}
        />
        <label className="bo-filter">
          <span>Ordenar por</span>
          <NativeSelect
            value={`${sort}:${order}`}
            onChange={(v) => {
              const [s, o] = (v ?? '').split(':');
              update({ sort: s, order: o });
            }}
            options={LIST_SORTS.flatMap((s) => [
              { value: `${s}:desc`, label: `${LIST_SORT_LABELS[s]} (decrescente)` },
              { value: `${s}:asc`, label: `${LIST_SORT_LABELS[s]} (crescente)` },
            ])}
            aria-label="Ordenar por"
          />
        </label>
        {FILTERS.some((k) => filters[k]) ? (
          <Button type="link" onClick={() => setParams(new URLSearchParams())}>
            Limpar filtros
          </Button>
        ) : null}
      </form>

      {list.isError ? <PlainAlert type="error" title={list.error.message} /> : null}
      <ListCount page={page?.page} one="proposta" many="propostas" />

      {narrow ? (
        <ul className="bo-cards" aria-busy={list.isFetching}>
          {page?.data.map((p) => (
            <li key={p.id} className="bo-card">
              <ProposalCardHead id={p.id} code={p.code} status={p.status} />
              {buyersCell(p)}
              <dl className="bo-card__facts">
                <div>
                  <dt>Etapa</dt>
                  <dd>{STAGE_LABELS[p.stage]}</dd>
                </div>
                <div>
                  <dt>Valor</dt>
                  <dd>{formatMoney(p.amount)}</dd>
                </div>
                <div>
                  <dt>Preenchimento</dt>
                  <dd>{p.fillingStatus}%</dd>
                </div>
                <div>
                  <dt>Atualizada</dt>
                  <dd>{when(p.updatedAt)}</dd>
                </div>
                {p.responsible ? (
                  <div>
                    <dt>Responsável</dt>
                    <dd>{p.responsible.name}</dd>
                  </div>
                ) : null}
                {p.pendingDocuments ? (
                  <div>
                    <dt>Docs. a revisar</dt>
                    <dd>{p.pendingDocuments}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
          {page && !page.data.length ? <li className="bo-muted">Nenhuma proposta encontrada.</li> : null}
        </ul>
      ) : (
        <PlainTable<ProposalListItem>
          caption="Propostas"
          className="bo-table"
          size="middle"
          rowKey={(p) => p.id}
          columns={columns}
          rows={page?.data}
          loading={list.isFetching}
          scrollX={960}
          empty="Nenhuma proposta encontrada."
          onSort={(key, next) => {
            const field = SORT_FIELD[key];
            if (!field || !next) update({ sort: undefined, order: undefined });
            else update({ sort: field, order: next === 'ascend' ? 'asc' : 'desc' });
          }}
        />
      )}

      {/* Shown once the first page is there: drawn under an empty list, the rows arriving would push it away. */}
      {page ? (
        <nav className="bo-pager" aria-label="Páginas">
          <Button disabled={!page?.page.prev} onClick={() => update({ cursor: page?.page.prev ?? undefined })}>
            ← Anterior
          </Button>
          <Button disabled={!page?.page.next} onClick={() => update({ cursor: page?.page.next ?? undefined })}>
            Próxima →
          </Button>
        </nav>
      ) : null}
    </Page>
  );
}

function FilterSelect(props: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="bo-filter">
      <span>{props.label}</span>
      <NativeSelect
        placeholder="Todas"
        allowClear
        value={props.value}
        onChange={props.onChange}
        options={props.options}
        aria-label={props.label}
      />
    </label>
  );
}
