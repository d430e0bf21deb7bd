import type { Transaction } from 'kysely';
import { nextStepFor, type ProposalProgress } from '@portal/domain/next-step';
import { INVITATION_PATH } from '@portal/domain/routes';
import type { Database } from '../../db/schema';
import { issueAccountToken } from '../invitations/accounts';
import { enqueueMail } from '../mail/outbox';
import { progressMailLines } from '../mail/progress-text';
import { findSellersWithAccount } from './queries/seller-awaited';
import { firstName } from '../mail/greeting';

/**
 * The buyers sent their part while the seller's was open (docs/decisions/042-one-lifecycle.md): each
 * seller is told that the buyers have finished and that the proposal now waits for them, with the
 * link straight to their next step. A seller who has not created a password yet gets a new
 * invitation link instead (the landing signs them in on their proposal), since a login page would
 * be a dead end for them. Runs in the caller's transaction: the move and the e-mails commit together.
 */
export async function mailSellersAwaited(
  tx: Transaction<Database>,
  args: { proposalId: string; code: string; progress: ProposalProgress; publicUrl: string; sentBy: string },
): Promise<number> {
  const sellers = await findSellersWithAccount(tx, args.proposalId);
  const next = nextStepFor(args.progress.steps, { role: 'seller' });
  for (const seller of sellers) {
    let link: string[];
    if (seller.password_hash) {
      link = ['Continue a sua parte por este link:', '', `${args.publicUrl}${next?.path ?? '/seller/proposals'}`];
    } else {
      const token = await issueAccountToken(tx, {
        userId: seller.userId,
        purpose: 'invite',
        proposalId: args.proposalId,
        invitedBy: args.sentBy,
      });
      link = [
        'Para começar, abra o link abaixo e crie a sua senha: você entra direto na sua parte da proposta.',
        '',
        `${args.publicUrl}${INVITATION_PATH}?token=${token}`,
        '',
        'O link vale por 7 dias e pode ser usado uma vez.',
      ];
    }
    await enqueueMail(tx, {
      to: seller.email,
      kind: 'seller_awaited',
      subject: `Proposta ${args.code}: os compradores concluíram, falta a sua parte`,
      text: [
        `Olá, ${firstName(seller.name)}.`,
        '',
        `Os compradores da proposta ${args.code} concluíram a parte deles. A proposta segue para a análise da equipe do Portal de Propostas assim que você concluir a sua parte.`,
        '',
        ...progressMailLines(args.progress, { role: 'seller' }),
        '',
        ...link,
      ].join('\n'),
    });
  }
  return sellers.length;
}
