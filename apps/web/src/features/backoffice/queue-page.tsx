import { useDeferredValue } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import {
  QUEUE_REASON_LABELS,
  QUEUE_REASONS,
  QUEUE_RESPONSIBLE,
  QUEUE_RESPONSIBLE_LABELS,
  waitingText,
  type QueueItem,
  type QueueResponsible,
} from '@portal/domain/backoffice-queue';
import { formatInstant } from '@portal/domain/dates';
import { formatInteger } from '@portal/domain/numbers';
import { Page } from '../../components/page';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { ProposalStatusTag } from '../../components/proposal-status-tag';
import { useNarrow } from '../../lib/use-narrow';
import { useSearchParamsNow } from '../../lib/use-search-params-now';
import { ListCount, ProposalCardHead } from './list-parts';
import { BackofficeMenu } from './format';
import { useQueue } from './queue-api';
import './backoffice.css';
import './queue.css';

const PAGE_SIZE = 20;

function Waiting({ item }: { item: QueueItem }) {
  return (
    <span className="bo-queue__waiting">
      <strong>{waitingText(item.waitingDays)}</strong>
      <span className="bo-muted">
        {' '}
        desde <time dateTime={item.waitingSince}>{formatInstant(item.waitingSince)}</time>
      </span>
    </span>
  );
}

function Reason({ item }: { item: QueueItem }) {
  const others = item.reasons.slice(1);
  return (
    <span>
      {QUEUE_REASON_LABELS[item.reason]}
      {others.length ? (
        <span className="bo-muted">
          {' '}
          · também: {others.map((r) => QUEUE_REASON_LABELS[r].toLowerCase()).join(', ')}
        </span>
      ) : null}
    </span>
  );
}

const responsibleText = (item: QueueItem) => item.responsible?.name ?? 'Ninguém';

/**
 * /backoffice/fila: what waits on the team, one row per proposal with the reason that has waited
 * longest, oldest first (keyset pages), filtered by responsible (me, nobody, everyone), with the
 * count of each reason at the top. The filter and the page live in the URL.
 */
export default function QueuePage() {
  const [params, setParams] = useSearchParamsNow();
  const narrow = useNarrow();
  const raw = params.get('responsavel');
  const responsible: QueueResponsible = raw === 'eu' ? 'me' : raw === 'ninguem' ? 'none' : 'all';
  const cursor = params.get('cursor') ?? undefined;
  const queue = useDeferredValue(useQueue({ responsible, cursor, limit: PAGE_SIZE }));
  const page = queue.data;

  const choose = (value: QueueResponsible) => {
    const next = new URLSearchParams();
    if (value !== 'all') next.set('responsavel', value === 'me' ? 'eu' : 'ninguem');
    setParams(next);
  };
  const go = (to: string | null) => {
    const next = new URLSearchParams(params);
    if (to) next.set('cursor', to);
    setParams(next);
  };

  const columns: PlainColumn<QueueItem>[] = [
    {
      title: 'Código',
      key: 'code',
      render: (p) => (
        <Link to={`/backoffice/proposals/${p.id}`} className="bo-code">
          {p.code}
        </Link>
      ),
    },
    { title: 'Compradores', key: 'buyers', render: (p) => p.buyers.join(', ') || '—' },
    { title: 'Motivo', key: 'reason', render: (p) => <Reason item={p} /> },
    { title: 'Aguardando', key: 'waiting', render: (p) => <Waiting item={p} /> },
    { title: 'Responsável', key: 'responsible', render: responsibleText },
    { title: 'Situação', key: 'status', render: (p) => <ProposalStatusTag status={p.status} /> },
  ];

  return (
    <Page title="Minha fila" subtitle="O que espera pela equipe, do mais antigo ao mais recente.">
      <BackofficeMenu />
      <ul className="bo-queue__counts" aria-label="Propostas por motivo">
        {QUEUE_REASONS.map((r) => (
          <li key={r}>
            <strong>
              {page ? `${formatInteger(page.counts[r])}${page.cappedReasons.includes(r) ? '+' : ''}` : '…'}
            </strong>{' '}
            <span>{QUEUE_REASON_LABELS[r]}</span>
          </li>
        ))}
      </ul>
      <fieldset className="bo-queue__filter">
        <legend>Responsável</legend>
        {QUEUE_RESPONSIBLE.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="responsavel"
              value={value}
              checked={responsible === value}
              onChange={() => choose(value)}
            />{' '}
            {QUEUE_RESPONSIBLE_LABELS[value]}
          </label>
        ))}
      </fieldset>

      {queue.isError ? <PlainAlert type="error" title={queue.error.message} /> : null}
      <ListCount page={page?.page} one="proposta aguardando" many="propostas aguardando" />

      {narrow ? (
        <ul className="bo-cards" aria-busy={queue.isFetching}>
          {page?.data.map((p) => (
            <li key={p.id} className="bo-card">
              <ProposalCardHead id={p.id} code={p.code} status={p.status} />
              <p className="bo-queue__card-reason">
                <Reason item={p} />
              </p>
              <dl className="bo-card__facts">
                <div>
                  <dt>Aguardando</dt>
                  <dd>
                    <Waiting item={p} />
                  </dd>
                </div>
                <div>
                  <dt>Responsável</dt>
                  <dd>{responsibleText(p)}</dd>
                </div>
                <div>
                  <dt>Compradores</dt>
                  <dd>{p.buyers.join(', ') || '—'}</dd>
                </div>
              </dl>
            </li>
          ))}
          {page && !page.data.length ? <li className="bo-muted">Nada esperando pela equipe.</li> : null}
        </ul>
      ) : (
        <PlainTable<QueueItem>
          caption="Minha fila"
          className="bo-table"
          size="middle"
          rowKey={(p) => p.id}
          columns={columns}
          rows={page?.data}
          loading={queue.isFetching}
          scrollX={960}
          empty="Nada esperando pela equipe."
        />
      )}

      {page ? (
        <nav className="bo-pager" aria-label="Páginas">
          <Button disabled={!page.page.prev} onClick={() => go(page.page.prev)}>
            ← Anterior
          </Button>
          <Button disabled={!page.page.next} onClick={() => go(page.page.next)}>
            Próxima →
          </Button>
        </nav>
      ) : null}
    </Page>
  );
}
