import { describe, expect, it } from 'vitest';
import type { ItemState } from './documents';
import {
  countSteps,
  deriveSteps,
  nextStepAfter,
  nextStepFor,
  pendingSteps,
  proposalProgress,
  sellerPath,
  stepCountLabel,
  type ProgressInput,
  type Step,
} from './next-step';
import type { SectionStatus } from './sections-registry';

type Row = ProgressInput['sections'][number];
const row = (key: string, buyer: number | null, status: SectionStatus = 'todo', required = true): Row => ({
  key,
  title: `T ${key}`,
  buyer,
  status,
  required,
});
const SELLER_KEYS = [
  'seller-general-data',
  'seller-address',
  'seller-property',
  'seller-property-registry',
  'seller-property-financing',
  'seller-property-questions',
  'seller-property-info',
  'seller-marital',
  'seller-property-contact',
  'seller-amounts-receivable',
];

/** One buyer, a CGI-like proposal: no FGTS sections, one buyer document and one seller document. */
function input(over: Partial<ProgressInput> = {}): ProgressInput {
  return {
    proposalId: 'p/1',
    status: 'filling',
    buyers: [{ position: 0, name: 'Ana Lima', hasAccount: true }],
    sections: [
      row('data', 0),
      row('address', 0),
      row('document', 0),
      row('investment', null),
      row('seller', null),
      ...SELLER_KEYS.map((k) => row(k, null)),
    ],
    health: [],
    documents: [
      { uploader: 'buyer', state: 'pending' },
      { uploader: 'seller', state: 'pending' },
    ],
    sellerDone: false,
    ...over,
  };
}
const ids = (steps: readonly Step[]) => steps.map((s) => s.id);
const BUYER = { role: 'buyer', position: 0 } as const;
const SECOND = { role: 'buyer', position: 1 } as const;
const SELLER = { role: 'seller' } as const;
/** Marks steps done by id. */
const doneExcept = (steps: Step[], keep: string[]) =>
  steps.map((s) => (keep.includes(s.id) ? s : { ...s, state: 'done' as const }));

describe('deriveSteps', () => {
  it('lists the buyer steps in flow order, then the seller steps, each with its screen', () => {
    const steps = deriveSteps(input());
    expect(ids(steps)).toEqual([
      'section:data:0',
      'section:address:0',
      'section:document:0',
      'section:investment:-',
      'section:seller:-',
      'health:0',
      'documents:buyer',
      'send',
      ...SELLER_KEYS.map((k) => `section:${k}:-`),
      'documents:seller',
      'complete',
    ]);
    expect(steps.map((s) => s.path).slice(0, 8)).toEqual([
      '/buyer/data?buyer=1',
      '/buyer/address?buyer=1',
      '/buyer/document-registration?buyer=1',
      '/buyer/investment',
      '/buyer/seller-form',
      '/buyer/insurance',
      '/buyer/documents/upload',
      '/buyer/home',
    ]);
    expect(steps.find((s) => s.id === 'section:seller-property-info:-')?.path).toBe(
      '/seller/proposals/p%2F1/property/questions/info',
    );
    expect(steps.find((s) => s.id === 'documents:seller')?.path).toBe('/seller/proposals/p%2F1/documents');
    expect(steps.find((s) => s.id === 'complete')?.path).toBe('/seller/proposals/p%2F1/documents');
    expect(steps.map((s) => s.title).slice(0, 8)).toEqual([
      'T data',
      'T address',
      'T document',
      'T investment',
      'T seller',
      'Declaração de saúde',
      'Envio de documentos',
      'Enviar para análise',
    ]);
    expect(steps.slice(-2).map((s) => s.title)).toEqual(['Documentos', 'Concluir a sua parte']);
    expect(steps.filter((s) => s.party === 'buyer')).toHaveLength(8);
    expect(steps.filter((s) => s.party === 'seller')).toHaveLength(12);
    expect(steps.every((s) => s.state === 'todo')).toBe(true);
  });

  it('leaves out sections the proposal does not need, and sections it does not have', () => {
    const steps = deriveSteps(
      input({
        sections: [row('data', 0), row('address', 0, 'todo', false), row('seller-marital', null, 'done', false)],
      }),
    );
    expect(ids(steps)).toEqual([
      'section:data:0',
      'health:0',
      'documents:buyer',
      'send',
      'documents:seller',
      'complete',
    ]);
  });

  it('names the buyer in each per-buyer title when there are two, and orders the FGTS forms per buyer', () => {
    const steps = deriveSteps(
      input({
        buyers: [
          { position: 1, name: 'Bia', hasAccount: true },
          { position: 0, name: 'Ana', hasAccount: true },
        ],
        sections: [
          row('fgts_review', 0),
          row('fgts_questions', 1),
          row('fgts_questions', 0),
          row('data', 1),
          row('data', 0),
          row('investment', null),
        ],
        documents: [],
      }),
    );
    expect(ids(steps)).toEqual([
      'section:data:0',
      'section:data:1',
      'section:investment:-',
      'section:fgts_questions:0',
      'section:fgts_review:0',
      'section:fgts_questions:1',
      'health:0',
      'health:1',
      'send',
      'complete',
    ]);
    expect(steps.map((s) => s.title)).toEqual([
      'T data — Ana',
      'T data — Bia',
      'T investment',
      'T fgts_questions — Ana',
      'T fgts_review — Ana',
      'T fgts_questions — Bia',
      'Declaração de saúde — Ana',
      'Declaração de saúde — Bia',
      'Enviar para análise',
      'Concluir a sua parte',
    ]);
    expect(steps[5]!.path).toBe('/buyer/fgts/questions?buyer=2');
    expect(steps[4]!.path).toBe('/buyer/fgts/review?buyer=1');
  });

  it('says who may do each step: own sections, the main buyer for an unlinked second buyer and the proposal', () => {
    const steps = deriveSteps(
      input({
        buyers: [
          { position: 0, name: 'Ana', hasAccount: true },
          { position: 1, name: 'Bia', hasAccount: false },
        ],
        sections: [row('data', 0), row('data', 1), row('seller', null)],
      }),
    );
    const actors = Object.fromEntries(steps.map((s) => [s.id, s.actors]));
    expect(actors['section:data:0']).toEqual([0]);
    expect(actors['section:data:1']).toEqual([1, 0]);
    expect(actors['section:seller:-']).toEqual([0]);
    expect(actors['health:1']).toEqual([1]);
    expect(actors['documents:buyer']).toBeNull();
    expect(actors.send).toEqual([0]);
    const linked = deriveSteps(
      input({
        buyers: [
          { position: 0, name: 'Ana', hasAccount: false },
          { position: 1, name: 'Bia', hasAccount: true },
        ],
        sections: [row('data', 0), row('data', 1)],
      }),
    );
    expect(linked.map((s) => s.actors).slice(0, 2)).toEqual([[0], [1]]);
  });

  it.each<[SectionStatus, Step['state']]>([
    ['todo', 'todo'],
    ['in_progress', 'todo'],
    ['done', 'done'],
    ['rejected', 'rejected'],
  ])('a section %s is a step %s', (status, state) => {
    expect(deriveSteps(input({ sections: [row('data', 0, status)] }))[0]!.state).toBe(state);
    expect(deriveSteps(input({ sections: [row('seller-address', null, status)] })).at(-3)!.state).toBe(state);
  });

  it.each<[ItemState[], Step['state']]>([
    [['pending'], 'todo'],
    [['sent', 'pending'], 'todo'],
    [['sent'], 'done'],
    [['accepted', 'sent'], 'done'],
    [['accepted', 'rejected'], 'rejected'],
    [['expired', 'accepted'], 'rejected'],
    [['pending', 'rejected'], 'rejected'],
  ])('documents %j make the step %s, for each party', (states, state) => {
    const buyer = deriveSteps(input({ documents: states.map((s) => ({ uploader: 'buyer', state: s })) }));
    expect(buyer.find((s) => s.id === 'documents:buyer')!.state).toBe(state);
    expect(buyer.find((s) => s.id === 'documents:seller')).toBeUndefined();
    const seller = deriveSteps(input({ documents: states.map((s) => ({ uploader: 'seller', state: s })) }));
    expect(seller.find((s) => s.id === 'documents:seller')!.state).toBe(state);
    expect(seller.find((s) => s.id === 'documents:buyer')).toBeUndefined();
  });

  it('reads the health declarations per buyer, the status for sending and the seller completion', () => {
    const two = input({
      buyers: [
        { position: 0, name: 'Ana', hasAccount: true },
        { position: 1, name: 'Bia', hasAccount: true },
      ],
      health: [
        { buyer: 1, completed: true },
        { buyer: 0, completed: false },
      ],
    });
    const steps = deriveSteps(two);
    expect(steps.find((s) => s.id === 'health:0')!.state).toBe('todo');
    expect(steps.find((s) => s.id === 'health:1')!.state).toBe('done');
    expect(steps.find((s) => s.id === 'send')!.state).toBe('todo');
    expect(steps.find((s) => s.id === 'complete')!.state).toBe('todo');
    for (const status of ['awaiting_seller', 'under_review', 'correction_answered', 'sent_to_bank'] as const)
      expect(deriveSteps(input({ status })).find((s) => s.id === 'send')!.state).toBe('done');
    // After a correction the buyers send again.
    const resend = deriveSteps(input({ status: 'pending_correction' })).find((s) => s.id === 'send')!;
    expect(resend).toMatchObject({ state: 'todo', title: 'Reenviar para análise' });
    expect(deriveSteps(input({ sellerDone: true })).find((s) => s.id === 'complete')!.state).toBe('done');
  });
});

describe('counts', () => {
  it.each([
    [0, 0, 100],
    [0, 3, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [19, 20, 95],
    [1, 200, 1],
    [199, 200, 99],
    [1, 31, 3],
    [1, 26, 4],
  ])('%i done of %i is %i %%', (done, total, percent) => {
    const steps = Array.from({ length: total }, (_, i) => ({ state: i < done ? 'done' : 'todo' }) as Step);
    expect(countSteps(steps)).toEqual({ done, total, percent });
  });

  it('counts the whole proposal and each party from the same steps', () => {
    const p = proposalProgress(
      input({ sections: [row('data', 0, 'done'), row('address', 0, 'rejected'), row('seller-address', null, 'done')] }),
    );
    expect(p.buyer).toEqual({ done: 1, total: 5, percent: 20 });
    expect(p.seller).toEqual({ done: 1, total: 3, percent: 33 });
    expect({ done: p.done, total: p.total, percent: p.percent }).toEqual({ done: 2, total: 8, percent: 25 });
    expect(p.steps).toHaveLength(8);
  });

  it('words a count in Portuguese', () => {
    expect(stepCountLabel({ done: 3, total: 11 })).toBe('3 de 11 etapas');
    expect(stepCountLabel({ done: 0, total: 1 })).toBe('0 de 1 etapa');
  });
});

describe('nextStepFor', () => {
  const steps = deriveSteps(input());

  it('gives the first step not done, in flow order, to each party', () => {
    expect(nextStepFor(steps, BUYER)?.id).toBe('section:data:0');
    expect(nextStepFor(steps, SELLER)?.id).toBe('section:seller-general-data:-');
  });

  it('gives a step sent back for a correction before any other', () => {
    const withRejected = steps.map((s) =>
      s.id === 'documents:buyer' || s.id === 'section:seller-address:-' ? { ...s, state: 'rejected' as const } : s,
    );
    expect(nextStepFor(withRejected, BUYER)?.id).toBe('documents:buyer');
    expect(nextStepFor(withRejected, SELLER)?.id).toBe('section:seller-address:-');
  });

  it('skips what another person must do, and sends only when everything else is done', () => {
    const two = deriveSteps(
      input({
        buyers: [
          { position: 0, name: 'Ana', hasAccount: true },
          { position: 1, name: 'Bia', hasAccount: true },
        ],
        sections: [row('data', 0), row('data', 1), row('investment', null)],
      }),
    );
    expect(nextStepFor(two, SECOND)?.id).toBe('section:data:1');
    const mainDone = doneExcept(two, ['section:data:1', 'health:1', 'send']);
    // Ana has nothing left but the sending, which waits for Bia's steps.
    expect(nextStepFor(mainDone, BUYER)).toBeNull();
    expect(nextStepFor(mainDone, SECOND)?.id).toBe('section:data:1');
    const onlySend = doneExcept(two, ['send']);
    expect(nextStepFor(onlySend, BUYER)?.id).toBe('send');
    expect(nextStepFor(onlySend, SECOND)).toBeNull();
    // A rejected closing step still waits for the others.
    const rejectedSend = doneExcept(two, ['send', 'health:1']).map((s) =>
      s.id === 'send' ? { ...s, state: 'rejected' as const } : s,
    );
    expect(nextStepFor(rejectedSend, BUYER)).toBeNull();
  });

  it('lets the seller complete only after every other seller step', () => {
    const almost = doneExcept(steps, ['complete', 'documents:seller']);
    expect(nextStepFor(almost, SELLER)?.id).toBe('documents:seller');
    expect(nextStepFor(doneExcept(steps, ['complete']), SELLER)?.id).toBe('complete');
    expect(nextStepFor(doneExcept(steps, []), SELLER)).toBeNull();
    expect(nextStepFor(doneExcept(steps, []), BUYER)).toBeNull();
  });

  it('never gives one party the other party’s steps', () => {
    const buyerDone = steps.map((s) => (s.party === 'buyer' ? { ...s, state: 'done' as const } : s));
    expect(nextStepFor(buyerDone, BUYER)).toBeNull();
    const sellerDone = steps.map((s) => (s.party === 'seller' ? { ...s, state: 'done' as const } : s));
    expect(nextStepFor(sellerDone, SELLER)).toBeNull();
  });
});

describe('pendingSteps and nextStepAfter', () => {
  it('lists what is left of a party by anyone, in order', () => {
    const steps = doneExcept(deriveSteps(input()), ['section:address:0', 'health:0', 'section:seller-property:-']);
    expect(ids(pendingSteps(steps, 'buyer'))).toEqual(['section:address:0', 'health:0']);
    expect(ids(pendingSteps(steps, 'seller'))).toEqual(['section:seller-property:-']);
  });

  it('leads a screen’s last button to the next pending step, not to the one just done', () => {
    const steps = deriveSteps(input());
    expect(nextStepAfter(steps, BUYER, 'section:data:0')?.id).toBe('section:address:0');
    const lastSection = doneExcept(steps, ['section:seller:-', 'health:0', 'documents:buyer', 'send']);
    expect(nextStepAfter(lastSection, BUYER, 'section:seller:-')?.id).toBe('health:0');
    expect(nextStepAfter(doneExcept(steps, ['complete']), SELLER, 'complete')).toBeNull();
  });

  it('builds seller paths under the proposal', () => {
    expect(sellerPath('abc', 'address')).toBe('/seller/proposals/abc/address');
  });
});
