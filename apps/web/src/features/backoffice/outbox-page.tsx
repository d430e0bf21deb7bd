import { useState } from 'react';
import { Button, Tag } from 'antd';
import { OUTBOX_STATE_LABELS, OUTBOX_STATES, type OutboxEntry } from '@portal/domain/backoffice';
import { Page } from '../../components/page';
import { NativeSelect, TextInput } from '../../components/fields/native-fields';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { useNarrow } from '../../lib/use-narrow';
import { useOutbox } from './api';
import { BackofficeMenu, when } from './format';
import './backoffice.css';
import { PlainAlert } from '../../components/plain-alert';

const STATE_COLORS: Record<OutboxEntry['state'], string> = { pending: 'gold', sent: 'green', failing: 'red' };
const KIND_LABELS: Record<string, string> = {
  invite: 'Convite',
  recover: 'Recuperação de senha',
  proposal_update: 'Aviso de proposta',
  document_rejected: 'Documento recusado',
  password_changed: 'Senha alterada',
  privacy: 'Privacidade e dados',
};
const StateTag = ({ state }: { state: OutboxEntry['state'] }) => (
  <Tag color={STATE_COLORS[state]}>{OUTBOX_STATE_LABELS[state]}</Tag>
);

const columns: PlainColumn<OutboxEntry>[] = [
  { title: 'Criado', key: 'createdAt', width: 140, render: (m) => when(m.createdAt) },
  { title: 'Para', key: 'to', render: (m) => m.to },
  { title: 'Assunto', key: 'subject', render: (m) => m.subject },
  { title: 'Tipo', key: 'kind', render: (m) => KIND_LABELS[m.kind] ?? m.kind },
  { title: 'Situação', key: 'state', render: (m) => <StateTag state={m.state} /> },
  { title: 'Tentativas', key: 'attempts', align: 'right', render: (m) => m.attempts },
  { title: 'Enviado', key: 'sentAt', render: (m) => (m.sentAt ? when(m.sentAt) : '—') },
  { title: 'Último erro', key: 'lastError', render: (m) => m.lastError ?? '—' },
];

/**
 * /backoffice/outbox: the e-mails the portal queued and what became of each (sent, waiting, failing
 * with a retry scheduled). Bodies are not shown: they hold set-password links.
 */
export default function OutboxPage() {
  const [filters, setFilters] = useState<{ state?: string; to?: string; kind?: string }>({});
  const [to, setTo] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const outbox = useOutbox({ ...filters, cursor: cursors.at(-1), limit: '50' });
  const narrow = useNarrow();
  const set = (next: typeof filters) => {
    setCursors([]);
    setFilters(next);
  };
  return (
    <Page
      title="E-mails enviados"
      subtitle="A fila de e-mails do portal. Nada se perde quando o servidor de e-mail falha: a fila tenta de novo."
    >
      <BackofficeMenu />
      <form
        className="bo-filters"
        onSubmit={(e) => {
          e.preventDefault();
          set({ ...filters, to: to.trim() || undefined });
        }}
      >
        <label className="bo-filter">
          <span>Situação</span>
          <NativeSelect
            placeholder="Todas"
            allowClear
            value={filters.state}
            onChange={(v) => set({ ...filters, state: v })}
            options={OUTBOX_STATES.map((s) => ({ value: s, label: OUTBOX_STATE_LABELS[s] }))}
            aria-label="Situação"
          />
        </label>
        <label className="bo-filter">
          <span>Tipo</span>
          <NativeSelect
            placeholder="Todos"
            allowClear
            value={filters.kind}
            onChange={(v) => set({ ...filters, kind: v })}
            options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
            aria-label="Tipo"
          />
        </label>
        <label className="bo-filter">
          <span>Destinatário</span>
          <TextInput type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button htmlType="submit" type="primary">
          Filtrar
        </Button>
      </form>
      {outbox.isError ? <PlainAlert type="error" title={outbox.error.message} /> : null}
      {narrow ? (
        <ul className="bo-cards" aria-busy={outbox.isFetching}>
          {outbox.data?.data.map((m) => (
            <li key={m.id} className="bo-card">
              <div className="bo-card__head">
                <strong>{m.subject}</strong>
                <StateTag state={m.state} />
              </div>
              <p>Para {m.to}</p>
              <p className="bo-muted">
                {KIND_LABELS[m.kind] ?? m.kind} · criado {when(m.createdAt)}
                {m.sentAt ? <> · enviado {when(m.sentAt)}</> : null}
              </p>
              {m.lastError ? <p className="bo-error">{m.lastError}</p> : null}
            </li>
          ))}
          {outbox.data && !outbox.data.data.length ? <li className="bo-muted">Nenhum e-mail.</li> : null}
        </ul>
      ) : (
        <PlainTable<OutboxEntry>
          caption="E-mails da fila"
          size="small"
          rowKey={(m) => String(m.id)}
          columns={columns}
          rows={outbox.data?.data}
          loading={outbox.isFetching}
          scrollX={980}
          empty="Nenhum e-mail."
        />
      )}
      <nav className="bo-pager" aria-label="Páginas">
        <Button disabled={!cursors.length} onClick={() => setCursors(cursors.slice(0, -1))}>
          ← Mais recentes
        </Button>
        <Button
          disabled={!outbox.data?.page.next}
          onClick={() => outbox.data?.page.next && setCursors([...cursors, outbox.data.page.next])}
        >
          Mais antigos →
        </Button>
      </nav>
    </Page>
  );
}
