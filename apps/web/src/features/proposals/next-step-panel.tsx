import { useState } from 'react';
import { App, Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { pendingSteps, stepCountLabel, type Step } from '@portal/domain/next-step';
import type { Proposal } from '@portal/domain/proposal';
import { STATUS_LABELS } from '@portal/domain/proposal-values';
import { statusSentence } from '@portal/domain/proposal-status';
import { isSellerPartDone } from '@portal/domain/lifecycle';
import { ApiRequestError } from '../../lib/api-client';
import { FillingProgress } from '../../components/proposal-summary';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag, type TagColor } from '../../components/plain-tag';
import { ProposalStatusTag } from '../../components/proposal-status-tag';
import { queryClient } from '../../lib/query-client';
import { sendForAnalysis, useProgress } from '../../lib/progress-api';
import { proposalKeys } from '../../lib/proposals-api';

const STATE_TAGS: Record<Step['state'], { color: TagColor; label: string }> = {
  todo: { color: 'default', label: 'A fazer' },
  rejected: { color: 'orange', label: 'Correção pedida' },
  done: { color: 'green', label: 'Concluído' },
};

/**
 * The buyer home's "what is next", from the one derived list: the proposal's one status (the same
 * label the seller and the back office show), the next step as a button, the buyers' part and the
 * proposal's count, and the buyers' steps still to do as links to their screens. Sending asks for a
 * confirmation that lists what is sent and says what happens to the seller's part.
 */
export function NextStepPanel({ proposal }: { proposal: Proposal }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const progress = useProgress(proposal.id);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  if (progress.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (progress.isError) return <PlainAlert type="error" title={progress.error.message} />;
  const { next, steps, buyer } = progress.data;
  const pending = pendingSteps(steps, 'buyer');
  const sent = steps
    .filter((s) => s.party === 'buyer' && s.kind !== 'send' && s.state === 'done' && !s.skipped)
    .map((s) => s.title);
  const sellerDone = isSellerPartDone(steps);

  async function send() {
    setSending(true);
    setSendError(null);
    try {
      const after = await sendForAnalysis(proposal.id);
      await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      setConfirming(false);
      void message.success(
        after.next === null && !isSellerPartDone(after.steps)
          ? 'Parte dos compradores enviada. A proposta vai para a equipe quando o vendedor concluir a parte dele.'
          : 'Proposta enviada para análise.',
      );
    } catch (err) {
      setSendError(err instanceof ApiRequestError ? err.message : 'Não foi possível enviar. Tente de novo.');
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <h2 id="proximo-passo" className="section-title">
        {next ? 'Próximo passo' : STATUS_LABELS[proposal.status]}
      </h2>
      <p className="home-status">
        <ProposalStatusTag status={proposal.status} /> {statusSentence(proposal.status, 'buyer')}
      </p>
      <FillingProgress proposalId={proposal.id} />
      {buyer ? (
        <p className="my-part">
          Sua parte (compradores): {stepCountLabel(buyer)} · {buyer.percent}%
        </p>
      ) : null}
      {next?.kind === 'send' && confirming ? (
        <section className="send-confirm" aria-labelledby="confirme-envio">
          <h3 id="confirme-envio" className="section-title">
            Confirme o envio
          </h3>
          <p>Vão para a análise da equipe do portal:</p>
          <ul className="send-confirm__list">
            {sent.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
          <p className="muted">
            {sellerDone
              ? 'A parte do vendedor já está concluída: a proposta vai para a análise agora.'
              : 'A parte do vendedor ainda não foi concluída. Ele continua podendo preencher; a proposta vai para a equipe assim que ele concluir.'}{' '}
            Depois do envio, a sua parte só volta a ficar aberta se a equipe pedir uma correção.
          </p>
          <div className="form-actions">
            <Button size="large" onClick={() => setConfirming(false)}>
              Voltar
            </Button>
            <Button type="primary" size="large" loading={sending} onClick={() => void send()}>
              Confirmar envio
            </Button>
          </div>
          {sendError ? <PlainAlert type="error" title={sendError} className="form-alert" /> : null}
        </section>
      ) : next?.kind === 'send' ? (
        <>
          <p className="muted">
            Tudo o que é dos compradores está pronto.{' '}
            {sellerDone
              ? 'Envie a proposta para a análise da equipe.'
              : 'Envie a sua parte: a proposta vai para a equipe assim que o vendedor concluir a parte dele.'}
          </p>
          <Button type="primary" size="large" block onClick={() => setConfirming(true)}>
            {next.title}
          </Button>
        </>
      ) : next ? (
        <Button type="primary" size="large" block onClick={() => navigate(next.path)}>
          {next.title}
        </Button>
      ) : proposal.status === 'filling' ? (
        <p className="muted">O que falta está com outra pessoa da proposta (veja abaixo).</p>
      ) : null}
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
