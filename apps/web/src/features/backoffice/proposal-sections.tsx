import { useState } from 'react';
import { App, Button } from 'antd';
import { readableFields, type ReadableField } from '@portal/domain/field-labels';
import { ApiRequestError } from '../../lib/api-client';
import { useRequestCorrection } from './api';
import { SectionStatusTag } from '../../components/section-form/section-status';
import type { BackofficeSection } from '@portal/domain/backoffice-api';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag } from '../../components/plain-tag';
import { TextArea } from '../../components/fields/native-fields';

/** The sections of one proposal as the operator reads them: filled values, state, and a correction request. */

/** Sections nobody started, in one compact list (the required ones first). */
export function EmptySections({ sections }: { sections: BackofficeSection[] }) {
  if (!sections.length) return null;
  const sorted = [...sections].sort((a, b) => Number(b.required) - Number(a.required));
  return (
    <div className="bo-empty">
      <span className="bo-muted">Ainda não preenchidas:</span>
      <ul>
        {sorted.map((s) => (
          <li key={`${s.key}:${s.buyer}`} className={s.required ? undefined : 'bo-muted'}>
            {s.title}
            {s.required ? '' : ' (não exigida)'}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fields({ fields }: { fields: ReadableField[] }) {
  return (
    <dl className="bo-values">
      {fields.map((f) => (
        <div key={f.key} className={f.children ? 'bo-values__block' : undefined}>
          <dt>{f.label}</dt>
          <dd>
            {f.value}
            {f.children?.map((child, i) => (
              <div key={i} className="bo-values__nested">
                <Fields fields={child} />
              </div>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function SectionCard({
  proposalId,
  section: s,
  canCorrect,
}: {
  proposalId: string;
  section: BackofficeSection;
  canCorrect: boolean;
}) {
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const correction = useRequestCorrection(proposalId);
  const id = `secao-${s.key}-${s.buyer ?? 'p'}`;
  return (
    <article className="bo-section" aria-labelledby={id}>
      <header className="bo-section__head">
        <h3 id={id}>{s.title}</h3>
        <span>
          {!s.required ? <PlainTag>Não exigida</PlainTag> : null}
          <SectionStatusTag status={s.status} />
        </span>
      </header>
      {s.reviewNote ? (
        <PlainAlert type="warning" title={`Correção pedida: ${s.reviewNote}`} className="bo-section__note" />
      ) : null}
      {s.values ? (
        <Fields fields={readableFields(s.values)} />
      ) : (
        <p className="bo-muted">
          {s.hasDraft ? 'Em preenchimento (rascunho ainda não enviado).' : 'Ainda não preenchida.'}
        </p>
      )}
      {s.status === 'done' && canCorrect ? (
        asking ? (
          <form
            className="bo-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              correction.mutate(
                { key: s.key, buyer: s.buyer, note },
                {
                  onSuccess: () => {
                    setAsking(false);
                    setNote('');
                    void message.success('Correção pedida. A pessoa responsável recebeu um e-mail.');
                  },
                },
              );
            }}
          >
            <label htmlFor={`${id}-nota`}>O que precisa ser corrigido?</label>
            <TextArea
              id={`${id}-nota`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={1000}
            />
            {correction.isError ? (
              <PlainAlert
                type="error"
                title={
                  correction.error instanceof ApiRequestError
                    ? (Object.values(correction.error.fields)[0] ?? correction.error.message)
                    : correction.error.message
                }
              />
            ) : null}
            <div className="bo-inline-form__actions">
              <Button htmlType="submit" type="primary" loading={correction.isPending}>
                Pedir correção
              </Button>
              <Button onClick={() => setAsking(false)}>Cancelar</Button>
            </div>
          </form>
        ) : (
          <Button onClick={() => setAsking(true)}>Pedir correção</Button>
        )
      ) : null}
    </article>
  );
}
