import { useState } from 'react';
import { Alert, Button, Grid, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { OUTBOX_STATE_LABELS, OUTBOX_STATES, type OutboxEntry } from '@portal/domain/backoffice';
import { Page } from '../../components/page';
import { useOutbox } from './api';
import { BackofficeMenu, when } from './format';
import './backoffice.css';

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

const columns: TableColumnsType<OutboxEntry> = [
  { title: 'Criado', dataIndex: 'createdAt', key: 'createdAt', width: 140, render: when },
  { title: 'Para', dataIndex: 'to', key: 'to' },
  { title: 'Assunto', dataIndex: 'subject', key: 'subject' },
  { title: 'Tipo', dataIndex: 'kind', key: 'kind', render: (k: string) => KIND_LABELS[k] ?? k },
  { title: 'Situação', dataIndex: 'state', key: 'state', render: (s: OutboxEntry['state']) => <StateTag state={s} /> },
  { title: 'Tentativas', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  { title: 'Enviado', dataIndex: 'sentAt', key: 'sentAt', render: (s: string | null) => (s ? when(s) : '—') },
  { title: 'Último erro', dataIndex: 'lastError', key: 'lastError', render: (e: string | null) => e ?? '—' },
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
  const narrow = Grid.useBreakpoint().md === false;
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
          <Select
            allowClear
            placeholder="Todas"
            value={filters.state}
            onChange={(v: string | undefined) => set({ ...filters, state: v })}
            options={OUTBOX_STATES.map((s) => ({ value: s, label: OUTBOX_STATE_LABELS[s] }))}
            aria-label="Situação"
          />
        </label>
        <label className="bo-filter">
          <span>Tipo</span>
          <Select
            allowClear
            placeholder="Todos"
            value={filters.kind}
            onChange={(v: string | undefined) => set({ ...filters, kind: v })}
            options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
            aria-label="Tipo"
          />
        </label>
        <label className="bo-filter">
          <span>Destinatário</span>
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button htmlType="submit" type="primary">
          Filtrar
        </Button>
      </form>
      {outbox.isError ? <Alert type="error" showIcon title={outbox.error.message} /> : null}
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
        <Table<OutboxEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={outbox.data?.data}
          loading={outbox.isFetching}
          pagination={false}
          scroll={{ x: 980 }}
          locale={{ emptyText: 'Nenhum e-mail.' }}
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
