import { useState } from 'react';
import { App, Button } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { STAGE_LABELS, STATUS_LABELS } from '@portal/domain/proposal-values';
import { NativeSelect, TextArea } from '../../components/fields/native-fields';
import { ApiRequestError } from '../../lib/api-client';
import { useChangeStage, useChangeStatus } from './api';
import { when } from './format';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import { PlainAlert } from '../../components/plain-alert';

/**
 * The side panels of one proposal: status and stage changes with a reason, and the history.
 * A change form sends `body(to, reason)` through its mutation; once saved it empties itself and
 * says what changed ("Situação: Aprovada").
 */
function ChangeForm<T extends string, B>(props: {
  title: string;
  label: string;
  options: T[];
  labels: Record<T, string>;
  mutation: UseMutationResult<unknown, Error, B>;
  body: (to: T, reason: string) => B;
  changed: string;
  hint: string;
}) {
  const { message } = App.useApp();
  const { mutation } = props;
  const [to, setTo] = useState<T | undefined>(undefined);
  const [reason, setReason] = useState('');
  const id = props.title.toLowerCase().replace(/\W+/g, '-');
  if (!props.options.length) return null;
  return (
    <form
      className="bo-change"
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        if (!to) return;
        mutation.mutate(props.body(to, reason), {
          onSuccess: () => {
            setTo(undefined);
            setReason('');
            void message.success(`${props.changed}: ${props.labels[to]}`);
          },
        });
      }}
    >
      <h3 id={id}>{props.title}</h3>
      <label htmlFor={`${id}-para`}>{props.label}</label>
      <NativeSelect
        id={`${id}-para`}
        value={to}
        onChange={(v) => setTo(props.options.find((o) => o === v))}
        placeholder="Selecione"
        allowClear
        options={props.options.map((o) => ({ value: o, label: props.labels[o] }))}
      />
      <label htmlFor={`${id}-motivo`}>Motivo</label>
      <TextArea
        id={`${id}-motivo`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        maxLength={1000}
      />
      <p className="bo-hint">{props.hint}</p>
      {mutation.error ? (
        <PlainAlert
          type="error"
          title={
            mutation.error instanceof ApiRequestError
              ? (Object.values(mutation.error.fields)[0] ?? mutation.error.message)
              : mutation.error.message
          }
        />
      ) : null}
      <Button htmlType="submit" type="primary" disabled={!to} loading={mutation.isPending} block>
        Confirmar
      </Button>
    </form>
  );
}

export function StatusPanel({ view }: { view: BackofficeProposalView }) {
  const status = useChangeStatus(view.proposal.id);
  const stage = useChangeStage(view.proposal.id);
  return (
    <section className="bo-panel" aria-label="Situação e etapa">
      <ChangeForm
        title="Mudar situação"
        label="Nova situação"
        options={view.nextStatuses}
        labels={STATUS_LABELS}
        mutation={status}
        body={(to, reason) => ({ status: to, reason })}
        changed="Situação"
        hint="Compradores e vendedor veem a nova situação e o motivo. “Correção pendente” envia e-mail aos compradores."
      />
      {!view.nextStatuses.length ? (
        <p className="bo-muted">
          A proposta está {STATUS_LABELS[view.proposal.status].toLowerCase()} e não muda mais de situação.
        </p>
      ) : null}
      <ChangeForm
        title="Mudar etapa"
        label="Nova etapa"
        options={view.nextStages}
        labels={STAGE_LABELS}
        mutation={stage}
        body={(to, reason) => ({ stage: to, reason })}
        changed="Etapa"
        hint="A etapa avança uma de cada vez. A avaliação do imóvel avisa o vendedor por e-mail."
      />
    </section>
  );
}

export function HistoryPanel({ view }: { view: BackofficeProposalView }) {
  return (
    <section className="bo-panel" aria-labelledby="historico">
      <h2 id="historico" className="section-title">
        Histórico
      </h2>
      {view.history.length ? (
        <ol className="bo-history">
          {view.history.map((h) => (
            <li key={h.id}>
              <span className="bo-history__label">{h.label}</span>
              {h.reason ? <span className="bo-history__reason">{h.reason}</span> : null}
              <span className="bo-muted">
                {when(h.at)}
                {h.actor ? ` · ${h.actor}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="bo-muted">Nada registrado ainda.</p>
      )}
    </section>
  );
}
