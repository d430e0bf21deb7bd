import { nextStepFor, stepCountLabel, type ProposalProgress, type Viewer } from '@portal/domain/next-step';

/** Who a proposal e-mail goes to, as the derived steps see them. */
export const viewerOf = (member: { role: string; position: number }): Viewer =>
  member.role === 'seller' ? { role: 'seller' } : { role: 'buyer', position: member.position };

/**
 * The lines an e-mail gives about how far the proposal is and what this person does next, from
 * the one derived list (docs/product/next-step.md): the count and the next step the person's own
 * screens show — the proposal's count for a buyer, the seller's part for the seller.
 */
export function progressMailLines(progress: ProposalProgress, viewer: Viewer): string[] {
  const count = viewer.role === 'seller' ? progress.seller : progress;
  const next = nextStepFor(progress.steps, viewer);
  const whose = viewer.role === 'seller' ? 'Sua parte' : 'Preenchimento da proposta';
  return [
    `${whose}: ${stepCountLabel(count)} concluídas (${count.percent} %).`,
    next ? `Próximo passo: ${next.title}.` : 'Nada falta fazer da sua parte agora.',
  ];
}
