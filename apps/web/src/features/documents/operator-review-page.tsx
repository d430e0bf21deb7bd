import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Modal, Skeleton } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKLIST_KEYS, DOCUMENT_ITEMS, REVIEW_REASON_MAX, type DocumentItemKey } from '@portal/domain/documents';
import { Page } from '../../components/page';
import { ApiRequestError } from '../../lib/api-client';
import {
  documentKeys,
  fileContentUrl,
  reviewDocumentFile,
  reviewDocumentItem,
  useDocumentEvents,
  useDocuments,
  type DocumentFile,
  type DocumentItem,
  type ReviewDecision,
} from '../../lib/documents-api';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { NoData, TablePages } from '../../components/table-pages';
import { currentIssuedOn, formatDateTime, formatSize, validityText } from './format';
import { FileTags, FileThumb, ItemStateTag } from './file-parts';
import './documents.css';
import type { DocumentEvent } from '@portal/domain/documents-api';
import { PlainAlert } from '../../components/plain-alert';
import { TextArea } from '../../components/fields/native-fields';
import { FilePreview } from '../../components/file-preview';

const ACTION_LABELS: Record<DocumentEvent['action'], string> = {
  uploaded: 'Enviou',
  deleted: 'Excluiu',
  accepted: 'Aceitou',
  rejected: 'Recusou',
};

const EVENT_COLUMNS: PlainColumn<DocumentEvent>[] = [
  { title: 'Quando', key: 'at', width: 140, render: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
  { title: 'Quem', key: 'actor', render: (e) => e.actor ?? '—' },
  { title: 'O quê', key: 'action', render: (e) => ACTION_LABELS[e.action] },
  {
    title: 'Documento',
    key: 'itemTitle',
    render: (e) => (e.fileName ? `${e.itemTitle} — ${e.fileName}` : e.itemTitle),
  },
  { title: 'Motivo', key: 'reason', render: (e) => e.reason ?? '' },
];
/** The history shows 20 events a page. */
const EVENTS_PAGE = 20;

type Target = { kind: 'file'; file: DocumentFile } | { kind: 'item'; item: DocumentItem };

/** /backoffice/proposals/:proposalId/documents: the operator previews each file and accepts or rejects it. */
export default function DocumentsReviewPage() {
  const { proposalId } = useParams() as { proposalId: string };
  const docs = useDocuments(proposalId);
  const events = useDocumentEvents(proposalId);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const [eventsPage, setEventsPage] = useState(1);

  async function decide(target: Target, decision: ReviewDecision) {
    setBusy(true);
    try {
      const data =
        target.kind === 'file'
          ? await reviewDocumentFile(proposalId, target.file.id, decision)
          : await reviewDocumentItem(proposalId, target.item.key, decision);
      queryClient.setQueryData(documentKeys.list(proposalId), data);
      await queryClient.invalidateQueries({ queryKey: documentKeys.events(proposalId) });
      message.success(
        decision.decision === 'accept' ? 'Documento aceito.' : 'Documento recusado. Avisamos por e-mail quem o enviou.',
      );
      return true;
    } catch (err) {
      message.error(err instanceof ApiRequestError ? err.message : 'Não foi possível registrar a análise.');
      return false;
    } finally {
      setBusy(false);
    }
  }

  const groups: { title: string; items: DocumentItem[] }[] = [
    { title: 'Documentos dos compradores', items: docs.data?.items.filter((i) => i.uploader === 'buyer') ?? [] },
    { title: 'Documentos do vendedor', items: docs.data?.items.filter((i) => i.uploader === 'seller') ?? [] },
  ];

  return (
    <Page title="Documentos da proposta" subtitle={docs.data ? `Proposta ${docs.data.proposal.code}` : undefined}>
      {docs.isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {docs.isError ? <PlainAlert type="error" title={docs.error.message} /> : null}
      {docs.data ? (
        <>
          <section className="doc-checklist" aria-labelledby="checklist-title">
            <h2 id="checklist-title" className="section-title">
              Checklist do banco
            </h2>
            <ul className="doc-checklist__list">
              {CHECKLIST_KEYS.filter((k) => docs.data.items.some((i) => i.key === k)).map((k) => (
                <li key={k} className={docs.data.checklist[k] ? 'doc-checklist__ok' : 'doc-checklist__todo'}>
                  {docs.data.checklist[k] ? (
                    <CheckOutlined aria-label="Aceito" />
                  ) : (
                    <CloseOutlined aria-label="Pendente" />
                  )}{' '}
                  {DOCUMENT_ITEMS[k].title}
                </li>
              ))}
            </ul>
          </section>
          {groups.map((g) =>
            g.items.length ? (
              <section key={g.title} className="doc-review__group">
                <h2 className="section-title">{g.title}</h2>
                <div className="doc-items">
                  {g.items.map((item) => (
                    <ReviewItem
                      key={item.key}
                      proposalId={proposalId}
                      item={item}
                      busy={busy}
                      onAccept={(t) => void decide(t, { decision: 'accept' })}
                      onReject={setRejecting}
                    />
                  ))}
                </div>
              </section>
            ) : null,
          )}
          <section className="doc-review__group" aria-labelledby="history-title">
            <h2 id="history-title" className="section-title">
              Histórico
            </h2>
            {/* A narrow screen scrolls the table sideways: the region takes the keyboard focus for that. */}
            <div className="doc-history" tabIndex={0} role="region" aria-label="Histórico dos documentos">
              <PlainTable<DocumentEvent>
                caption="Histórico dos documentos"
                cards
                rowKey={(e) => e.id}
                size="small"
                columns={EVENT_COLUMNS}
                rows={events.data?.slice((eventsPage - 1) * EVENTS_PAGE, eventsPage * EVENTS_PAGE) ?? []}
                loading={events.isPending}
                empty={<NoData />}
                pages={
                  <TablePages
                    page={eventsPage}
                    pages={Math.ceil((events.data?.length ?? 0) / EVENTS_PAGE)}
                    onPage={setEventsPage}
                  />
                }
              />
            </div>
          </section>
        </>
      ) : null}
      <RejectModal
        target={rejecting}
        busy={busy}
        onCancel={() => setRejecting(null)}
        onConfirm={async (reason) =>
          rejecting && (await decide(rejecting, { decision: 'reject', reason })) ? setRejecting(null) : undefined
        }
      />
    </Page>
  );
}

function ReviewItem({
  proposalId,
  item,
  busy,
  onAccept,
  onReject,
}: {
  proposalId: string;
  item: DocumentItem;
  busy: boolean;
  onAccept: (t: Target) => void;
  onReject: (t: Target) => void;
}) {
  const titleId = useId();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const waiting = item.files.filter((f) => f.status === 'sent');
  const current = item.files.filter((f) => f.status !== 'rejected');
  const validity = validityText(item.validityDays, item.expiresAt, currentIssuedOn(item.files));
  return (
    <section className={`doc-item doc-item--${item.state}`} aria-labelledby={titleId} data-item={item.key}>
      <header className="doc-item__header">
        <h3 id={titleId} className="doc-item__title">
          {item.title}
        </h3>
        <ItemStateTag item={item} />
      </header>
      {validity ? <p className="doc-item__validity">{validity}</p> : null}
      {item.state === 'rejected' ? <p className="doc-file__reason">Recusado: {item.reason}</p> : null}
      {item.files.length === 0 ? <p className="muted">Nenhum arquivo enviado.</p> : null}
      <ul className="doc-files">
        {item.files.map((f) => (
          <li key={f.id} className={`doc-file doc-file--${f.status} doc-file--review`}>
            <FileThumb proposalId={proposalId} file={f} />
            <div className="doc-file__body">
              <span className="doc-file__name">{f.name}</span>
              <span className="doc-file__meta">
                {formatSize(f.size)} · {f.uploadedBy ?? '—'} · {formatDateTime(f.uploadedAt)}
              </span>
              <FileTags file={f} />
              {f.reviewReason ? <span className="doc-file__reason">Motivo: {f.reviewReason}</span> : null}
              <div className="doc-file__actions">
                <Button
                  size="small"
                  icon={<EyeOutlined aria-hidden />}
                  onClick={() => setPreviewing(previewing === f.id ? null : f.id)}
                  aria-expanded={previewing === f.id}
                  aria-label={`Visualizar ${f.name}`}
                >
                  {previewing === f.id ? 'Fechar' : 'Visualizar'}
                </Button>
                <Button
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  href={fileContentUrl(proposalId, f.id)}
                  aria-label={`Baixar ${f.name}`}
                >
                  Baixar
                </Button>
                {f.status !== 'accepted' ? (
                  <Button
                    size="small"
                    icon={<CheckOutlined aria-hidden />}
                    disabled={busy}
                    onClick={() => onAccept({ kind: 'file', file: f })}
                    aria-label={`Aceitar ${f.name}`}
                  >
                    Aceitar
                  </Button>
                ) : null}
                {f.status !== 'rejected' ? (
                  <Button
                    size="small"
                    danger
                    icon={<CloseOutlined aria-hidden />}
                    disabled={busy}
                    onClick={() => onReject({ kind: 'file', file: f })}
                    aria-label={`Recusar ${f.name}`}
                  >
                    Recusar
                  </Button>
                ) : null}
              </div>
              {previewing === f.id ? <FilePreview proposalId={proposalId} file={f} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {current.length > 1 ? (
        <div className="doc-item__actions">
          {waiting.length ? (
            <Button type="primary" disabled={busy} onClick={() => onAccept({ kind: 'item', item })}>
              Aceitar item
            </Button>
          ) : null}
          <Button danger disabled={busy} onClick={() => onReject({ kind: 'item', item })}>
            Recusar item
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function RejectModal({
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  target: Target | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = target
    ? target.kind === 'file'
      ? target.file.name
      : DOCUMENT_ITEMS[target.item.key as DocumentItemKey].title
    : '';
  return (
    <Modal
      open={target !== null}
      title="Recusar documento"
      okText="Recusar"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="Cancelar"
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setError(null);
      }}
      onOk={() => {
        if (!reason.trim()) {
          setError('Obrigatório');
          return;
        }
        onConfirm(reason.trim());
      }}
      destroyOnHidden
    >
      <p>
        <strong>{name}</strong>
      </p>
      <label htmlFor="reject-reason" className="doc-reject__label">
        Motivo da recusa (enviado por e-mail a quem enviou)
      </label>
      <TextArea
        id="reject-reason"
        value={reason}
        maxLength={REVIEW_REASON_MAX}
        rows={3}
        invalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reject-reason-error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p id="reject-reason-error" className="doc-file__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
