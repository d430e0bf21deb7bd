import { describe, expect, it } from 'vitest';
import { proposalProgress, type ProgressInput } from '@portal/domain/next-step';
import { progressMailLines, viewerOf } from './progress-text';

const input = (over: Partial<ProgressInput> = {}): ProgressInput => ({
  proposalId: 'p1',
  status: 'filling',
  buyers: [{ position: 0, name: 'Ana Souza', hasAccount: true }],
  sections: [
    { key: 'data', title: 'Dados gerais', buyer: 0, status: 'done', required: true },
    { key: 'address', title: 'Endereço', buyer: 0, status: 'rejected', required: true },
    { key: 'seller-general-data', title: 'Dados gerais do vendedor', buyer: null, status: 'todo', required: true },
  ],
  health: [{ buyer: 0, completed: false }],
  documents: [],
  sellerDone: false,
  ...over,
});

describe('progress lines of the e-mails', () => {
  it('a buyer reads the proposal count and the step sent back first', () => {
    // Buyer: data, address, health, send; seller: general data, completion.
    expect(progressMailLines(proposalProgress(input()), viewerOf({ role: 'buyer', position: 0 }))).toEqual([
      'Preenchimento da proposta: 1 de 6 etapas concluídas (17 %).',
      'Próximo passo: Endereço.',
    ]);
  });

  it("the seller reads the seller's part and the seller's next step", () => {
    expect(progressMailLines(proposalProgress(input()), viewerOf({ role: 'seller', position: 0 }))).toEqual([
      'Sua parte: 0 de 2 etapas concluídas (0 %).',
      'Próximo passo: Dados gerais do vendedor.',
    ]);
  });

  it('says so when nothing is left for the person', () => {
    const done = input({
      status: 'under_review',
      sections: [{ key: 'data', title: 'Dados gerais', buyer: 0, status: 'done', required: true }],
      health: [{ buyer: 0, completed: true }],
      sellerDone: true,
    });
    expect(progressMailLines(proposalProgress(done), viewerOf({ role: 'buyer', position: 0 }))).toEqual([
      'Preenchimento da proposta: 4 de 4 etapas concluídas (100 %).',
      'Nada falta fazer da sua parte agora.',
    ]);
  });
});
