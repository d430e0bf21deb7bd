import type { ProposalProgress, Step, Viewer } from '@portal/domain/next-step';
import { pendingLabel, REMINDER_OPT_OUT_PATH } from '@portal/domain/reminders';
import { INVITATION_PATH } from '@portal/domain/routes';
import type { MailMessage } from '../mail/outbox';
import { progressMailLines } from '../mail/progress-text';
import { firstName } from '../mail/greeting';

/** The API address a mail client posts the one-click opt-out to (RFC 8058). */
export const OPT_OUT_API_PATH = '/api/v3/reminders/opt-out';

/**
 * Where the reminder's button leads: the next step's own screen. A buyer's screens act on the
 * proposal the app has selected, so the link names it (`proposta=`), and the app selects it.
 */
export function stepUrl(publicUrl: string, proposalId: string, step: Step): string {
  if (step.party === 'seller') return `${publicUrl}${step.path}`;
  const joiner = step.path.includes('?') ? '&' : '?';
  return `${publicUrl}${step.path}${joiner}proposta=${encodeURIComponent(proposalId)}`;
}

/**
 * The reminder e-mail: how many steps are still this person's, the next one with a link straight
 * to it (or, for someone who never opened the invitation, a fresh invitation link that leads into
 * the proposal), the progress lines every e-mail uses, and the one-click "Não quero mais lembretes".
 */
export function reminderMail(args: {
  publicUrl: string;
  to: { name: string; email: string };
  viewer: Viewer;
  proposal: { id: string; code: string };
  progress: ProposalProgress;
  next: Step;
  pending: number;
  /** A new invitation token when the person has no password yet; null otherwise. */
  inviteToken: string | null;
  optOutToken: string;
}): MailMessage {
  const first = firstName(args.to.name);
  const optOutPage = `${args.publicUrl}${REMINDER_OPT_OUT_PATH}?token=${args.optOutToken}`;
  const optOutApi = `${args.publicUrl}${OPT_OUT_API_PATH}?token=${args.optOutToken}`;
  const whose = args.viewer.role === 'seller' ? 'da sua parte como vendedor(a)' : 'da sua parte';
  const go = args.inviteToken
    ? [
        'Você ainda não entrou no portal. Crie a sua senha pelo link abaixo e vá direto para a proposta (o link vale por 7 dias):',
        '',
        `${args.publicUrl}${INVITATION_PATH}?token=${args.inviteToken}`,
      ]
    : ['Continue de onde parou:', '', stepUrl(args.publicUrl, args.proposal.id, args.next)];
  const text = [
    `Olá, ${first}.`,
    '',
    `A proposta ${args.proposal.code} está esperando por você: ${args.pending === 1 ? 'falta' : 'faltam'} ${pendingLabel(args.pending)} ${whose}.`,
    '',
    `Próximo passo: ${args.next.title}.`,
    '',
    ...go,
    '',
    ...progressMailLines(args.progress, args.viewer),
    '',
    'Portal de Propostas',
    '',
    '—',
    `Não quero mais lembretes: ${optOutPage}`,
    'Você pode voltar a recebê-los quando quiser, na página Privacidade do portal.',
  ];
  return {
    to: args.to.email,
    kind: 'reminder',
    subject: `Proposta ${args.proposal.code}: ${args.pending === 1 ? 'falta' : 'faltam'} ${pendingLabel(args.pending)} ${whose}`,
    text: text.join('\n'),
    headers: {
      'List-Unsubscribe': `<${optOutApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
