import { useEffect, useState } from 'react';
import { Alert, App, Button, InputNumber, Table, Tag, type TableColumnsType } from 'antd';
import type { MonitoringErrorGroup, MonitoringRouteStat } from '@portal/domain/monitoring-views';
import { formatInstant } from '@portal/domain/dates';
import { CARD_TABLE, cardColumns } from '../../components/card-table';
import { Page } from '../../components/page';
import { useMonitoringErrors, useMonitoringRoutes, useSampleRate, useSetSampleRate } from './api';
import './monitoring-page.css';

const integer = new Intl.NumberFormat('pt-BR');
const ms = (value: number) => `${integer.format(value)} ms`;

const ERROR_COLUMNS: TableColumnsType<MonitoringErrorGroup> = [
  {
    title: 'Mensagem',
    dataIndex: 'message',
    width: 220,
    render: (message: string) => <span className="monitoring__message">{message}</span>,
  },
  { title: 'Vezes', dataIndex: 'count', align: 'right', width: 72, render: (n: number) => integer.format(n) },
  {
    title: 'Rotas',
    dataIndex: 'routes',
    width: 220,
    render: (routes: string[]) => (
      <ul className="monitoring__list">
        {routes.map((r) => (
          <li key={r}>
            <code>{r}</code>
          </li>
        ))}
      </ul>
    ),
  },
  {
    title: 'Navegadores',
    dataIndex: 'browsers',
    width: 170,
    render: (browsers: string[]) =>
      browsers.map((b) => (
        <Tag key={b} className="monitoring__tag">
          {b}
        </Tag>
      )),
  },
  {
    title: 'Primeira vez',
    dataIndex: 'firstSeenAt',
    width: 140,
    render: (at: number) => <time dateTime={new Date(at).toISOString()}>{formatInstant(at)}</time>,
  },
  {
    title: 'Última vez',
    dataIndex: 'lastSeenAt',
    width: 140,
    render: (at: number) => <time dateTime={new Date(at).toISOString()}>{formatInstant(at)}</time>,
  },
];

const ROUTE_COLUMNS: TableColumnsType<MonitoringRouteStat> = [
  { title: 'Rota', dataIndex: 'route', render: (route: string) => <code>{route}</code> },
  { title: 'Mediana', dataIndex: 'medianMs', align: 'right', render: ms },
  { title: 'p95', dataIndex: 'p95Ms', align: 'right', render: ms, responsive: ['sm'] },
  { title: 'Transações', dataIndex: 'count', align: 'right', render: (n: number) => integer.format(n) },
];

/**
 * /backoffice/monitoring (operator): the front end's latest errors, one row per group of identical
 * errors with its count and first/last seen, the slowest
 * routes by median duration (last 7 days), and the share of transactions the agent samples.
 */
export default function MonitoringPage() {
  const errors = useMonitoringErrors();
  const routes = useMonitoringRoutes();
  useEffect(() => {
    for (const e of [errors.error, routes.error]) if (e) console.error(e);
  }, [errors.error, routes.error]);

  return (
    <Page title="Monitoramento" subtitle="Erros e tempos de carregamento vistos pelos navegadores nos últimos 7 dias.">
      <SampleRateControl />

      <section className="monitoring__section" aria-labelledby="monitoring-errors">
        <div className="monitoring__heading">
          <h2 id="monitoring-errors" className="section-title">
            Erros no navegador
          </h2>
          <Button onClick={() => void Promise.all([errors.refetch(), routes.refetch()])}>Atualizar</Button>
        </div>
        {errors.isError ? <Alert type="error" showIcon title={errors.error.message} /> : null}
        {/* Our own scroll box, reachable by keyboard (antd's would not be): wide on a phone. */}
        <div className="monitoring__scroll" tabIndex={0} role="region" aria-label="Tabela de erros no navegador">
          <WeekTable query={errors} rowKey="id" columns={ERROR_COLUMNS} empty="Nenhum erro nos últimos 7 dias." />
        </div>
      </section>

      <section className="monitoring__section" aria-labelledby="monitoring-routes">
        <h2 id="monitoring-routes" className="section-title">
          Rotas mais lentas
        </h2>
        {routes.isError ? <Alert type="error" showIcon title={routes.error.message} /> : null}
        <WeekTable
          query={routes}
          rowKey="route"
          columns={ROUTE_COLUMNS}
          empty="Nenhuma transação nos últimos 7 dias."
        />
      </section>
    </Page>
  );
}

/**
 * One of the page's tables of the last 7 days: cards on a phone, no pager, and an empty text in
 * the muted text colour (antd's is too light on white for WCAG AA).
 */
function WeekTable<T extends object>({
  query,
  rowKey,
  columns,
  empty,
}: {
  query: { data?: T[]; isPending: boolean };
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  empty: string;
}) {
  return (
    <Table<T>
      className={CARD_TABLE}
      size="small"
      rowKey={rowKey}
      columns={cardColumns(columns)}
      dataSource={query.data}
      loading={query.isPending}
      pagination={false}
      locale={{ emptyText: <span className="monitoring__empty">{empty}</span> }}
    />
  );
}

/** The operator's sampling rate, in percent; the agent reads it at its next page load. */
function SampleRateControl() {
  const { message } = App.useApp();
  const current = useSampleRate();
  const save = useSetSampleRate();
  const [percent, setPercent] = useState<number | null>(null);
  const saved = current.data ? Math.round(current.data.rate * 100) : null;
  const value = percent ?? saved;

  return (
    <section className="monitoring__rate" aria-labelledby="monitoring-rate">
      <h2 id="monitoring-rate" className="section-title">
        Amostragem de transações
      </h2>
      <p className="monitoring__hint">Parte das navegações cujo tempo é medido e enviado. Erros são sempre enviados.</p>
      {current.isError ? <Alert type="error" showIcon title={current.error.message} /> : null}
      <form
        className="monitoring__rate-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          save.mutate(value / 100, {
            onSuccess: () => {
              setPercent(null);
              void message.success('Taxa de amostragem salva.');
            },
            onError: (err) => void message.error(err.message),
          });
        }}
      >
        <label htmlFor="sample-rate">Taxa de amostragem (%)</label>
        <InputNumber
          id="sample-rate"
          min={0}
          max={100}
          step={5}
          precision={0}
          value={value}
          disabled={current.isPending}
          onChange={(v) => setPercent(typeof v === 'number' ? v : null)}
          suffix="%"
        />
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={value === null || value === saved}>
          Salvar
        </Button>
      </form>
      {current.data?.updatedAt ? (
        <p className="monitoring__hint">Alterada em {formatInstant(current.data.updatedAt)}.</p>
      ) : null}
    </section>
  );
}
