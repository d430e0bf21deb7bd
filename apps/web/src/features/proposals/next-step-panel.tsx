import { useState } from 'react';
import { App, Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { pendingSteps, type Step } from '@portal/domain/next-step';
import type { Proposal } from '@portal/domain/proposal';
import { ApiRequestError } from '../../lib/api-client';
import { FillingProgress } from '../../components/proposal-summary';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag, type TagColor } from '../../components/plain-tag';
import { queryClient } from '../../lib/query-client';
import { sendForAnalysis, useProgress } from '../../lib/progress-api';

const STATE_TAGS: Record<Step['state'], { color: TagColor; label: string }> = {
  todo: { color: 'default', label: 'A fazer' },
  rejected: { color: 'orange', label: 'Correção pedida' },
  done: { color: 'green', label: 'Concluído' },
};

/**
 * The buyer home's "what is next", from the one derived list: the next step as a button (sending
 * for analysis is the last one), the proposal's count (the one every screen shows) and the buyers'
 * steps still to do as links to their screens. Never "all done" while a form, a declaration or a
 * document is missing.
 */
export function NextStepPanel({ proposal }: { proposal: Proposal }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const progress = useProgress(proposal.id);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  if (progress.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (progress.isError) return <PlainAlert type="error" title={progress.error.message} />;
  const { next, steps } = progress.data;
  const pending = pendingSteps(steps, 'buyer');
  const sent = proposal.status !== 'filling';

  async function send() {
    setSending(true);
    setSendError(null);
    try {
      await sendForAnalysis(proposal.id);
      await queryClient.invalidateQueries({ queryKey: ['proposals'] });
      void message.success('Proposta enviada para análise.');
    } catch (err) {
      setSendError(err instanceof ApiRequestError ? err.message : 'Não foi possível enviar. Tente de novo.');
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <h2 id="proximo-passo" className="section-title">
        {next ? 'Próximo passo' : sent ? 'Proposta enviada para análise' : 'Aguardando'}
      </h2>
      <FillingProgress proposalId={proposal.id} />
      {next?.kind === 'send' ? (
        <>
          <p className="muted">Tudo o que é dos compradores está pronto. Envie a proposta para a análise da equipe.</p>
          <Button type="primary" size="large" block loading={sending} onClick={() => void send()}>
            Enviar para análise
          </Button>
          {sendError ? <PlainAlert type="error" title={sendError} className="form-alert" /> : null}
        </>
      ) : next ? (
        <Button type="primary" size="large" block onClick={() => navigate(next.path)}>
          {next.title}
        </Button>
      ) : sent ? (
        <p className="muted">
          A equipe do portal está conferindo os dados e os documentos. Acompanhe a situação abaixo.
        </p>
      ) : (
        <p className="muted">O que falta está com outra pessoa da proposta (veja abaixo).</p>
      )}
      {pending.length ? (
        <>
          <h2 className="section-title">O que falta</h2>
          <ul className="section-rows">
            {pending.map((s) => (
              <li key={s.id} className="section-rows__row section-rows__row--two">
                <Link to={s.path} className="section-rows__title">
                  {s.title}
                </Link>
                <PlainTag color={STATE_TAGS[s.state].color}>{STATE_TAGS[s.state].label}</PlainTag>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
