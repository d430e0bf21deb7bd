import { useState } from 'react';
import { Button, Tag } from 'antd';
import { ANSWER_LABELS, FOLLOW_UP_LABELS, HEALTH_QUESTIONS } from '@portal/domain/health-questionnaire';
import { fetchHealthAnswers } from './api';
import { buyerLabel } from './format';
import type { HealthAnswers } from '@portal/domain/insurance-api';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import { PlainAlert } from '../../components/plain-alert';

/** The operator's view of each buyer's health declaration: only with the permission, one recorded opening at a time. */
export function HealthPanel({ view }: { view: BackofficeProposalView }) {
  const buyers = view.members.filter((m) => m.role === 'buyer');
  return (
    <section className="bo-group" aria-labelledby="saude">
      <h2 id="saude" className="section-title">
        Declaração de saúde (DPS)
      </h2>
      {view.canViewHealth ? (
        <>
          <p className="bo-hint">
            Dados sensíveis (LGPD). Cada abertura fica registrada no log de auditoria e no registro de acesso do
            comprador.
          </p>
          {buyers.map((b) => (
            <HealthAnswersCard key={b.id} proposalId={view.proposal.id} buyer={b.position} name={b.name} />
          ))}
        </>
      ) : (
        <p className="bo-muted">
          Você não tem permissão para ver a declaração de saúde. Peça a um operador que tenha essa permissão.
        </p>
      )}
    </section>
  );
}

function HealthAnswersCard({ proposalId, buyer, name }: { proposalId: string; buyer: number; name: string }) {
  const [data, setData] = useState<HealthAnswers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <article className="bo-section">
      <header className="bo-section__head">
        <h3>{`${buyerLabel(buyer)} — ${name}`}</h3>
        {data ? (
          <Tag color={data.completed ? 'green' : 'gold'}>{data.completed ? 'Confirmada' : 'Não confirmada'}</Tag>
        ) : null}
      </header>
      {error ? <PlainAlert type="error" title={error} /> : null}
      {data ? (
        data.answers.length ? (
          <dl className="bo-values">
            {HEALTH_QUESTIONS.map((q) => {
              const a = data.answers.find((x) => x.key === q.key);
              return (
                <div key={q.key}>
                  <dt>
                    {q.id}. {q.label}
                  </dt>
                  <dd>
                    {a ? ANSWER_LABELS[a.value] : '—'}
                    {a?.medication ? ` · ${FOLLOW_UP_LABELS.medication} ${ANSWER_LABELS[a.medication]}` : ''}
                    {a?.treatment ? ` · ${FOLLOW_UP_LABELS.treatment} ${ANSWER_LABELS[a.treatment]}` : ''}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <p className="bo-muted">Nenhuma resposta ainda.</p>
        )
      ) : (
        <Button
          loading={loading}
          onClick={() => {
            setLoading(true);
            setError(null);
            fetchHealthAnswers(proposalId, buyer)
              .then(setData, (e: Error) => setError(e.message))
              .finally(() => setLoading(false));
          }}
        >
          Ver declaração de saúde (acesso registrado)
        </Button>
      )}
    </article>
  );
}
