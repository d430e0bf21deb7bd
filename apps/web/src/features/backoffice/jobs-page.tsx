import { useState } from 'react';
import { Button, Tag } from 'antd';
import { jobQueueLabel, type FailedJobView, type QueueCountsView } from '@portal/domain/jobs-api';
import { Page } from '../../components/page';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { PlainAlert } from '../../components/plain-alert';
import { useJobs, useRetryJob } from './api';
import { BackofficeMenu, when } from './format';
import './backoffice.css';

const count = (n: number, tone?: 'warn' | 'bad') => (
  <span className={n > 0 && tone ? `bo-jobs__count bo-jobs__count--${tone}` : 'bo-jobs__count'}>{n}</span>
);

const queueColumns: PlainColumn<QueueCountsView>[] = [
  { title: 'Fila', key: 'queue', render: (q) => jobQueueLabel(q.queue) },
  { title: 'Aguardando', key: 'waiting', align: 'right', render: (q) => count(q.waiting) },
  { title: 'Em execução', key: 'running', align: 'right', render: (q) => count(q.running) },
  { title: 'Com falha (vai tentar de novo)', key: 'failed', align: 'right', render: (q) => count(q.failed, 'warn') },
  { title: 'Falharam de vez', key: 'dead', align: 'right', render: (q) => count(q.dead, 'bad') },
];

const StateTag = ({ state }: { state: FailedJobView['state'] }) =>
  state === 'dead' ? <Tag color="red">Falhou de vez</Tag> : <Tag color="gold">Vai tentar de novo</Tag>;

/**
 * /backoffice/jobs: the portal's background work (e-mail delivery, sweeps) per queue, and each job
 * that failed with its last error and "Tentar de novo" (docs/decisions/048-background-jobs.md).
 */
export default function JobsPage() {
  const jobs = useJobs();
  const retry = useRetryJob();
  const [retried, setRetried] = useState<string | null>(null);
  const failureColumns: PlainColumn<FailedJobView>[] = [
    { title: 'Fila', key: 'queue', render: (j) => jobQueueLabel(j.queue) },
    { title: 'Situação', key: 'state', render: (j) => <StateTag state={j.state} /> },
    { title: 'Tentativas', key: 'attempts', align: 'right', render: (j) => `${j.attempts} de ${j.maxAttempts}` },
    { title: 'Último erro', key: 'lastError', render: (j) => <span className="bo-error">{j.lastError ?? '—'}</span> },
    { title: 'Criada', key: 'createdAt', width: 140, render: (j) => when(j.createdAt) },
    { title: 'Próxima tentativa', key: 'retryAt', width: 140, render: (j) => (j.retryAt ? when(j.retryAt) : '—') },
    {
      title: 'Ação',
      key: 'action',
      render: (j) => (
        <Button
          size="small"
          loading={retry.isPending && retry.variables?.id === j.id}
          onClick={() =>
            retry.mutate({ queue: j.queue, id: j.id }, { onSuccess: () => setRetried(jobQueueLabel(j.queue)) })
          }
        >
          Tentar de novo
        </Button>
      ),
    },
  ];
  return (
    <Page
      title="Tarefas em segundo plano"
      subtitle="O que o portal faz fora das telas: envio de e-mails e limpezas. Uma tarefa que falha tenta de novo, cada vez esperando mais; depois do limite, fica aqui até alguém mandar tentar de novo."
    >
      <BackofficeMenu />
      {jobs.isError ? <PlainAlert type="error" title={jobs.error.message} /> : null}
      {retry.isError ? <PlainAlert type="error" title={retry.error.message} /> : null}
      {retried && !retry.isError ? (
        <PlainAlert type="success" title={`A tarefa "${retried}" vai rodar de novo agora.`} />
      ) : null}
      <h2 className="bo-section-title">Filas</h2>
      <PlainTable<QueueCountsView>
        caption="Tarefas por fila"
        size="small"
        cards
        rowKey={(q) => q.queue}
        columns={queueColumns}
        rows={jobs.data?.queues}
        loading={jobs.isFetching && !jobs.data}
        empty="Nenhuma fila."
      />
      <h2 className="bo-section-title">Tarefas com falha</h2>
      <PlainTable<FailedJobView>
        caption="Tarefas que falharam, com o último erro"
        size="small"
        cards
        rowKey={(j) => j.id}
        columns={failureColumns}
        rows={jobs.data?.failures}
        loading={jobs.isFetching && !jobs.data}
        empty="Nenhuma tarefa com falha."
      />
    </Page>
  );
}
