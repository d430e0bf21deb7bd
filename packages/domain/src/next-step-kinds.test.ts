import { describe, expect, it } from 'vitest';
import { deriveSteps, nextStepFor, type ProgressInput, type Step } from './next-step';
import { progressViewSchema } from './progress-view';

/**
 * What a client reads of each step besides its id: the kind and key it switches on, and the rule
 * that the closing step of a party (send, complete) waits for that party's other steps only.
 */

const INPUT: ProgressInput = {
  proposalId: 'p1',
  status: 'filling',
  buyers: [
    { position: 0, name: 'Ana Lima', hasAccount: true },
    { position: 1, name: 'Bruno Lima', hasAccount: true },
  ],
  sections: [
    { key: 'data', title: 'Dados', buyer: 0, status: 'done', required: true },
    { key: 'data', title: 'Dados', buyer: 1, status: 'todo', required: true },
    { key: 'seller-general-data', title: 'Dados gerais do vendedor', buyer: null, status: 'todo', required: true },
  ],
  health: [{ buyer: 0, completed: true }],
  documents: [
    { uploader: 'buyer', state: 'accepted' },
    { uploader: 'seller', state: 'pending' },
  ],
  sellerDone: false,
};

describe('the kind and key of every step', () => {
  it('each step says what it is, for whom and who may do it', () => {
    const rows = deriveSteps(INPUT).map((s) => [s.id, s.party, s.kind, s.key, s.buyer, s.title, s.state, s.actors]);
    expect(rows).toEqual([
      ['section:data:0', 'buyer', 'section', 'data', 0, 'Dados — Ana Lima', 'done', [0]],
      ['section:data:1', 'buyer', 'section', 'data', 1, 'Dados — Bruno Lima', 'todo', [1]],
      ['health:0', 'buyer', 'health', 'health', 0, 'Declaração de saúde — Ana Lima', 'done', [0]],
      ['health:1', 'buyer', 'health', 'health', 1, 'Declaração de saúde — Bruno Lima', 'todo', [1]],
      ['documents:buyer', 'buyer', 'documents', 'documents', null, 'Envio de documentos', 'done', null],
      ['send', 'buyer', 'send', 'send', null, 'Enviar para análise', 'todo', [0]],
      [
        'section:seller-general-data:-',
        'seller',
        'section',
        'seller-general-data',
        null,
        'Dados gerais do vendedor',
        'todo',
        null,
      ],
      ['documents:seller', 'seller', 'documents', 'documents', null, 'Documentos', 'todo', null],
      ['complete', 'seller', 'complete', 'complete', null, 'Concluir a sua parte', 'todo', null],
    ]);
  });
  it('every step fits the schema the API answers with', () => {
    const steps = deriveSteps(INPUT);
    const view = {
      done: 3,
      total: 9,
      percent: 33,
      buyer: null,
      seller: { done: 0, total: 3, percent: 0 },
      steps,
      next: null,
    };
    expect(progressViewSchema.parse(view)).toEqual(view);
  });
});

describe('the closing step of a party', () => {
  const step = (id: string, party: Step['party'], kind: Step['kind'], state: Step['state']): Step => ({
    id,
    party,
    kind,
    key: kind,
    buyer: null,
    title: id,
    path: '/',
    state,
    actors: party === 'buyer' ? [0] : null,
  });
  it("the buyers' send does not wait for the seller", () => {
    const steps = [
      step('a', 'buyer', 'section', 'done'),
      step('send', 'buyer', 'send', 'todo'),
      step('s', 'seller', 'section', 'todo'),
    ];
    expect(nextStepFor(steps, { role: 'buyer', position: 0 })?.id).toBe('send');
  });
  it("the seller's complete waits for the seller's other steps, wherever it stands in the list", () => {
    const steps = [step('complete', 'seller', 'complete', 'todo'), step('s', 'seller', 'section', 'todo')];
    expect(nextStepFor(steps, { role: 'seller' })?.id).toBe('s');
    const sendFirst = [step('send', 'buyer', 'send', 'todo'), step('a', 'buyer', 'section', 'todo')];
    expect(nextStepFor(sendFirst, { role: 'buyer', position: 0 })?.id).toBe('a');
  });
});
