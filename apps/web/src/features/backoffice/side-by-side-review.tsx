import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Skeleton } from 'antd';
import { CheckOutlined, CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import { REVIEW_REASON_MAX } from '@portal/domain/documents';
import {
  documentKeys,
  reviewDocumentFile,
  useDocuments,
  type DocumentFile,
  type DocumentItem,
  type ReviewDecision,
} from '../../lib/documents-api';
import { ApiRequestError } from '../../lib/api-client';
import { TextArea } from '../../components/fields/native-fields';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag } from '../../components/plain-tag';
import { formatInstant } from '@portal/domain/dates';
import { FilePreview } from '../../components/file-preview';
import { formatSize } from '../../lib/file-size';
import { matchGroupsFor } from './review-match';
import { backofficeKeys } from './keys';
import { ReviewShortcuts, isTyping } from './review-shortcuts';

const STATUS_TAG: Record<DocumentFile['status'], { text: string; color: 'gold' | 'green' | 'red' }> = {
  sent: { text: 'A revisar', color: 'gold' },
  accepted: { text: 'Aceito', color: 'green' },
  rejected: { text: 'Recusado', color: 'red' },
};

type Entry = { item: DocumentItem; file: DocumentFile };

/** The next file still waiting for review after `from` (wrapping round), or -1. */
function nextWaiting(queue: Entry[], from: number) {
  for (let step = 1; step <= queue.length; step++) {
    const i = (from + step) % queue.length;
    if (queue[i]!.file.status === 'sent') return i;
  }
  return -1;
}

/**
 * Revisão lado a lado: the file (zoom, page turn) beside the data it must match, with Aceitar,
 * Recusar com motivo and the next document; J/K, A and R from the keyboard (never while typing).
 * The file shown is in the address (?arquivo=), so a reload keeps it.
 */
export function SideBySideReview({ view }: { view: BackofficeProposalView }) {
  const proposalId = view.proposal.id;
  const docs = useDocuments(proposalId);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const reasonId = useId();

  const queue: Entry[] = (docs.data?.items ?? []).flatMap((item) => item.files.map((file) => ({ item, file })));
  const asked = queue.findIndex((e) => e.file.id === params.get('arquivo'));
  const firstWaiting = queue.findIndex((e) => e.file.status === 'sent');
  const index = asked >= 0 ? asked : Math.max(firstWaiting, 0);
  const current = queue[index];
  const waiting = queue.filter((e) => e.file.status === 'sent').length;

  function show(i: number) {
    const target = queue[i];
    if (!target) return;
    setRefusing(false);
    setError(null);
    setParams({ aba: 'documentos', arquivo: target.file.id }, { replace: true });
  }
  const move = (delta: number) => queue.length && show((index + delta + queue.length) % queue.length);

  async function decide(decision: ReviewDecision) {
    if (!current || busy) return;
    setBusy(true);
    try {
      const data = await reviewDocumentFile(proposalId, current.file.id, decision);
      queryClient.setQueryData(documentKeys.list(proposalId), data);
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.proposal(proposalId) });
      const done = decision.decision === 'accept' ? 'aceito' : 'recusado';
      setSaid(`${current.file.name}: ${done}.`);
      setRefusing(false);
      setReason('');
      // On to the next file that waits, in the queue as it is now.
      const fresh = data.items.flatMap((item) => item.files.map((file) => ({ item, file })));
      const next = nextWaiting(
        fresh,
        fresh.findIndex((e) => e.file.id === current.file.id),
      );
      if (next >= 0) setParams({ aba: 'documentos', arquivo: fresh[next]!.file.id }, { replace: true });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Não foi possível registrar a análise.');
    } finally {
      setBusy(false);
    }
  }

  function refuse() {
    if (!reason.trim()) return setError('Escreva o motivo da recusa.');
    void decide({ decision: 'reject', reason: reason.trim() });
  }

  function startRefusal() {
    if (!current || current.file.status === 'rejected') return;
    setRefusing(true);
    setError(null);
  }

  useEffect(() => {
    if (refusing) reasonRef.current?.focus();
  }, [refusing]);

  // The review takes the whole window: the file, its data and the decision without scrolling.
  const loaded = docs.isSuccess;
  useEffect(() => {
    if (loaded) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  // The shortcuts: J/K next/previous, A accept, R refuse; never while typing or with a modifier.
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'j') move(1);
    else if (key === 'k') move(-1);
    else if (key === 'a' && current && current.file.status !== 'accepted') void decide({ decision: 'accept' });
    else if (key === 'r') startRefusal();
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (docs.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (docs.isError) return <PlainAlert type="error" title={docs.error.message} />;
  if (!current)
    return (
      <section className="bo-review" aria-labelledby="revisao">
        <h2 id="revisao" className="section-title">
          Revisão lado a lado
        </h2>
        <p className="bo-muted">Nenhum arquivo enviado nesta proposta ainda.</p>
      </section>
    );

  const { item, file } = current;
  const tag = STATUS_TAG[file.status];
  return (
    <section className="bo-review" aria-labelledby="revisao" ref={sectionRef}>
      <div className="bo-review__bar">
        <h2 id="revisao" className="section-title">
          Revisão lado a lado
        </h2>
        <p className="bo-review__position">
          Documento {index + 1} de {queue.length} · {waiting === 1 ? '1 a revisar' : `${waiting} a revisar`}
        </p>
        <Button icon={<LeftOutlined aria-hidden />} onClick={() => move(-1)} aria-keyshortcuts="K">
          Documento anterior
        </Button>
        <Button icon={<RightOutlined aria-hidden />} onClick={() => move(1)} aria-keyshortcuts="J">
          Próximo documento
        </Button>
        <Link to={`/backoffice/proposals/${proposalId}/documents`}>Checklist e histórico dos documentos</Link>
      </div>
      <div className="bo-review__grid">
        <article className="bo-review__file" aria-labelledby="revisao-arquivo">
          <h3 id="revisao-arquivo" className="bo-review__title">
            {item.title}
          </h3>
          <p className="bo-review__meta">
            <strong>{file.name}</strong> · {formatSize(file.size)} · {file.uploadedBy ?? '—'} ·{' '}
            {formatInstant(file.uploadedAt)} <PlainTag color={tag.color}>{tag.text}</PlainTag>
          </p>
          {file.reviewReason ? <p className="doc-file__reason">Motivo: {file.reviewReason}</p> : null}
          <FilePreview key={file.id} proposalId={proposalId} file={file} tall />
        </article>
        <div className="bo-review__side">
          <section aria-labelledby="revisao-dados" className="bo-review__data">
            <h3 id="revisao-dados" className="bo-review__title">
              Dados para conferir
            </h3>
            {matchGroupsFor(item, view).map((g) => (
              <div key={g.title} className="bo-review__group">
                <h4>{g.title}</h4>
                <dl className="bo-values">
                  {g.rows.map((r) => (
                    <div key={r.label}>
                      <dt>{r.label}</dt>
                      <dd>{r.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </section>
          <div className="bo-review__decision" role="group" aria-label="Decisão sobre o documento">
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              disabled={busy || file.status === 'accepted'}
              onClick={() => void decide({ decision: 'accept' })}
              aria-keyshortcuts="A"
            >
              Aceitar
            </Button>
            <Button
              danger
              icon={<CloseOutlined aria-hidden />}
              disabled={busy || file.status === 'rejected'}
              onClick={startRefusal}
              aria-keyshortcuts="R"
            >
              Recusar com motivo
            </Button>
          </div>
          {refusing ? (
            <form
              className="bo-review__refusal"
              aria-label="Recusar documento"
              onSubmit={(e) => {
                e.preventDefault();
                refuse();
              }}
            >
              <label htmlFor={reasonId}>Motivo da recusa (enviado por e-mail a quem enviou)</label>
              <TextArea
                id={reasonId}
                ref={reasonRef}
                value={reason}
                rows={3}
                maxLength={REVIEW_REASON_MAX}
                invalid={!!error}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${reasonId}-hint${error ? ` ${reasonId}-error` : ''}`}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    refuse();
                  } else if (e.key === 'Escape') setRefusing(false);
                }}
              />
              <p id={`${reasonId}-hint`} className="bo-muted">
                Enter confirma · Shift+Enter nova linha · Esc cancela
              </p>
              <div className="bo-review__decision">
                <Button danger htmlType="submit" loading={busy}>
                  Confirmar recusa
                </Button>
                <Button onClick={() => setRefusing(false)}>Cancelar</Button>
              </div>
            </form>
          ) : null}
          {error ? (
            <p id={`${reasonId}-error`} className="doc-file__error" role="alert">
              {error}
            </p>
          ) : null}
          <p role="status" className="bo-review__said">
            {said}
          </p>
          <ReviewShortcuts />
        </div>
      </div>
    </section>
  );
}
