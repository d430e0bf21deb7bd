import { useEffect, useState } from 'react';
import { App, Button, InputNumber, Tag } from 'antd';
import type { MonitoringErrorGroup, MonitoringRouteStat } from '@portal/domain/monitoring-views';
import { formatInstant } from '@portal/domain/dates';
import { formatDecimal } from '@portal/domain/numbers';
import { Page } from '../../components/page';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { useMonitoringErrors, useMonitoringRoutes, useSampleRate, useSetSampleRate } from './api';
import './monitoring-page.css';
import { PlainAlert } from '../../components/plain-alert';

/** Durations and counts as pt-BR writes them (up to 3 decimals, as Intl's default). */
const number = (value: number) => formatDecimal(value, 3);
const ms = (value: number) => `${number(value)} ms`;

const at = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatInstant(ms)}</time>;

const ERROR_COLUMNS: PlainColumn<MonitoringErrorGroup>[] = [
  {
    title: 'Mensagem',
    key: 'message',
    width: 220,
    render: (e) => <span className="monitoring__message">{e.message}</span>,
  },
  { title: 'Vezes', key: 'count', align: 'right', width: 72, render: (e) => number(e.count) },
  {
    title: 'Rotas',
    key: 'routes',
    width: 220,
    render: (e) => (
      <ul className="monitoring__list">
        {e.routes.map((r) => (
          <li key={r}>
            <code>{r}</code>
          </li>
        ))}
      </ul>
    ),
  },
  {
    title: 'Navegadores',
    key: 'browsers',
    width: 170,
    render: (e) =>
      e.browsers.map((b) => (
        <Tag key={b} className="monitoring__tag">
          {b}
        </Tag>
      )),
  },
  { title: 'Primeira vez', key: 'firstSeenAt', width: 140, render: (e) => at(e.firstSeenAt) },
  { title: 'Última vez', key: 'lastSeenAt', width: 140, render: (e) => at(e.lastSeenAt) },
];

const ROUTE_COLUMNS: PlainColumn<MonitoringRouteStat>[] = [
  { title: 'Rota', key: 'route', render: (r) => <code>{r.route}</code> },
  { title: 'Mediana', key: 'medianMs', align: 'right', render: (r) => ms(r.medianMs) },
  { title: 'p95', key: 'p95Ms', align: 'right', render: (r) => ms(r.p95Ms), fromSm: true },
  { title: 'Transações', key: 'count', align: 'right', render: (r) => number(r.count) },
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
        {errors.isError ? <PlainAlert type="error" title={errors.error.message} /> : null}
        {/* Our own scroll box, reachable by keyboard (antd's would not be): wide on a phone. */}
        <div className="monitoring__scroll" tabIndex={0} role="region" aria-label="Tabela de erros no navegador">
          <WeekTable
            caption="Erros no navegador"
            query={errors}
            rowKey={(e) => e.id}
            columns={ERROR_COLUMNS}
            empty="Nenhum erro nos últimos 7 dias."
          />
        </div>
      </section>

      <section className="monitoring__section" aria-labelledby="monitoring-routes">
        <h2 id="monitoring-routes" className="section-title">
          Rotas mais lentas
        </h2>
        {routes.isError ? <PlainAlert type="error" title={routes.error.message} /> : null}
        <WeekTable
          caption="Rotas mais lentas"
          query={routes}
          rowKey={(r) => r.route}
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
function WeekTable<T>({
  caption,
  query,
  rowKey,
  columns,
  empty,
}: {
  caption: string;
  query: { data?: T[]; isPending: boolean };
  rowKey: (row: T) => string;
  columns: PlainColumn<T>[];
  empty: string;
}) {
  return (
    <PlainTable<T>
      caption={caption}
      cards
      size="small"
      rowKey={rowKey}
      columns={columns}
      rows={query.data}
      loading={query.isPending}
      empty={<span className="monitoring__empty">{empty}</span>}
    />
  );
}

/** A sampling rate (0–1) as the whole percent the box shows. */
const percentOf = (rate: number) => Math.round(rate * 100);

/** The operator's sampling rate, in percent; the agent reads it at its next page load. */
function SampleRateControl() {
  const { message } = App.useApp();
  const current = useSampleRate();
  const save = useSetSampleRate();
  const [percent, setPercent] = useState<number | null>(null);
  const saved = current.data ? percentOf(current.data.rate) : null;
  const value = percent ?? saved;

  return (
    <section className="monitoring__rate" aria-labelledby="monitoring-rate">
      <h2 id="monitoring-rate" className="section-title">
        Amostragem de transações
      </h2>
      <p className="monitoring__hint">Parte das navegações cujo tempo é medido e enviado. Erros são sempre enviados.</p>
      {current.isError ? <PlainAlert type="error" title={current.error.message} /> : null}
      <form
        className="monitoring__rate-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          save.mutate(value / 100, {
            onSuccess: (setting) => {
              // The box shows the saved rate again, unless the operator typed another meanwhile.
              setPercent((typed) => (typed === percentOf(setting.rate) ? null : typed));
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
