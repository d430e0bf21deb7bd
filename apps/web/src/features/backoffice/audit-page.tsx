import { useState } from 'react';
import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@portal/domain/backoffice';
import { STAGE_LABELS, STATUS_LABELS } from '@portal/domain/proposal-values';
import { Page } from '../../components/page';
import { NativeSelect, TextInput } from '../../components/fields/native-fields';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { useNarrow } from '../../lib/use-narrow';
import { useAudit } from './api';
import { BackofficeMenu, when } from './format';
import './backoffice.css';
import { PlainAlert } from '../../components/plain-alert';

const FIELDS = ['actor', 'action', 'proposal', 'from', 'to'] as const;
const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
const CODE_WORDS: Record<string, string> = { ...STAGE_LABELS, ...STATUS_LABELS };
/** Details written as versions or counts ("tokio-dps-2026-01", "answers deleted: 3") read as words. */
const DETAIL_PHRASES: [RegExp, (...groups: string[]) => string][] = [
  [/^dps-consentimento-(\d{4}-\d{2})$/, (v) => `termo de consentimento, versão ${v}`],
  [/^[a-z]+-dps-(\d{4}-\d{2})$/, (v) => `declaração de saúde, versão ${v}`],
  [/^answers deleted: (\d+)$/, (n) => `${n} respostas apagadas`],
];
/** Status and stage codes in a detail ("filling → under_review") read as words. */
const detailText = (detail: string | null) => {
  if (!detail) return '—';
  for (const [pattern, words] of DETAIL_PHRASES) {
    const m = pattern.exec(detail);
    if (m) return words(...m.slice(1));
  }
  return detail.replace(/[a-z_]+/g, (w) => CODE_WORDS[w] ?? w);
};

const columns: PlainColumn<AuditEntry>[] = [
  { title: 'Quando', key: 'at', width: 150, render: (e) => when(e.at) },
  { title: 'Quem', key: 'actor', render: (e) => (e.actor ? `${e.actor.name} (${e.actor.email})` : 'Anônimo') },
  { title: 'O quê', key: 'action', render: (e) => <span title={e.action}>{actionLabel(e.action)}</span> },
  {
    title: 'Sobre',
    key: 'subject',
    render: (e) =>
      e.proposalId ? (
        <Link to={`/backoffice/proposals/${e.proposalId}`}>{e.proposalCode ?? e.subject}</Link>
      ) : (
        (e.subject ?? '—')
      ),
  },
  { title: 'Detalhe', key: 'detail', render: (e) => detailText(e.detail) },
  { title: 'IP', key: 'ip', render: (e) => e.ip ?? '—' },
];

/** /backoffice/audit: who read or changed what, newest first, filtered by person, action, proposal and day. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? undefined])) as Record<
    (typeof FIELDS)[number],
    string | undefined
  >;
  // Keyset pages go one way (older); the stack of cursors lets the operator come back.
  const [cursors, setCursors] = useState<string[]>([]);
  const audit = useAudit({ ...filters, cursor: cursors.at(-1), limit: '50' });
  const narrow = useNarrow();
  const [draft, setDraft] = useState(filters);

  const apply = (next: typeof filters) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) q.set(k, v);
    setCursors([]);
    setParams(q);
  };

  return (
    <Page
      title="Auditoria"
      subtitle="Quem leu ou mudou o quê: logins, leituras de propostas e de dados de saúde, mudanças de situação, exportações."
    >
      <BackofficeMenu />
      <form
        className="bo-filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <label className="bo-filter">
          <span>E-mail de quem fez</span>
          <TextInput
            value={draft.actor ?? ''}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value || undefined })}
            type="email"
          />
        </label>
        <label className="bo-filter">
          <span>Ação</span>
          <NativeSelect
            placeholder="Todas"
            allowClear
            value={draft.action}
            onChange={(v) => setDraft({ ...draft, action: v })}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
            aria-label="Ação"
          />
        </label>
        <label className="bo-filter">
          <span>Proposta (código)</span>
          <TextInput
            value={draft.proposal ?? ''}
            onChange={(e) => setDraft({ ...draft, proposal: e.target.value || undefined })}
            placeholder="PF-2026-000123"
          />
        </label>
        <label className="bo-filter">
          <span>De</span>
          <TextInput
            type="date"
            value={draft.from ?? ''}
            onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
          />
        </label>
        <label className="bo-filter">
          <span>Até</span>
          <TextInput
            type="date"
            value={draft.to ?? ''}
            onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
          />
        </label>
        <Button htmlType="submit" type="primary">
          Filtrar
        </Button>
      </form>
      {audit.isError ? <PlainAlert type="error" title={audit.error.message} /> : null}
      {narrow ? (
        <ul className="bo-cards" aria-busy={audit.isFetching}>
          {audit.data?.data.map((e) => (
            <li key={e.id} className="bo-card">
              <div className="bo-card__head">
                <strong>{actionLabel(e.action)}</strong>
                <span className="bo-muted">{when(e.at)}</span>
              </div>
              <p>{e.actor ? `${e.actor.name} (${e.actor.email})` : 'Anônimo'}</p>
              {e.proposalId ? (
                <Link to={`/backoffice/proposals/${e.proposalId}`}>{e.proposalCode ?? e.subject}</Link>
              ) : e.subject ? (
                <p className="bo-muted">{e.subject}</p>
              ) : null}
              {e.detail ? <p className="bo-muted">{detailText(e.detail)}</p> : null}
            </li>
          ))}
          {audit.data && !audit.data.data.length ? <li className="bo-muted">Nada encontrado.</li> : null}
        </ul>
      ) : (
        <PlainTable<AuditEntry>
          caption="Registro de auditoria"
          size="small"
          rowKey={(e) => String(e.id)}
          columns={columns}
          rows={audit.data?.data}
          loading={audit.isFetching}
          scrollX={900}
          empty="Nada encontrado."
        />
      )}
      <nav className="bo-pager" aria-label="Páginas">
        <Button disabled={!cursors.length} onClick={() => setCursors(cursors.slice(0, -1))}>
          ← Mais recentes
        </Button>
        <Button
          disabled={!audit.data?.page.next}
          onClick={() => audit.data?.page.next && setCursors([...cursors, audit.data.page.next])}
        >
          Mais antigos →
        </Button>
      </nav>
    </Page>
  );
}
