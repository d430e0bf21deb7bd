import { describe, expect, it } from 'vitest';
import { answeredMove, isSellerPartDone, sellerCompleteMove, sendMove } from './lifecycle';
import { deriveSteps, proposalProgress, type ProgressInput, type Step } from './next-step';
import { isPartOpen, readOnlyReason, statusSentence } from './proposal-status';
import { noteAudience } from './history-audience';
import { PROPOSAL_STATUSES } from './proposal';

const step = (over: Partial<Step>): Step => ({
  id: 'x',
  party: 'buyer',
  kind: 'section',
  key: 'data',
  buyer: 0,
  title: 'Dados gerais',
  path: '/buyer/data',
  state: 'done',
  actors: [0],
  ...over,
});
const buyersDone = [step({ id: 'a' }), step({ id: 'send', kind: 'send', key: 'send', state: 'todo' })];
const sellerOpen = [step({ id: 's', party: 'seller', title: 'Endereço', state: 'todo' })];
const sellerDone = [step({ id: 's', party: 'seller', title: 'Endereço' })];

describe('the parties’ moves', () => {
  it('sends the buyers’ part and waits for the seller when theirs is open', () => {
    expect(sendMove('filling', [...buyersDone, ...sellerOpen])).toMatchObject({ ok: true, to: 'awaiting_seller' });
    expect(sendMove('filling', [...buyersDone, ...sellerDone])).toMatchObject({ ok: true, to: 'under_review' });
  });

  it('refuses naming what is missing of the buyers', () => {
    const missing = [step({ id: 'b', title: 'Endereço', state: 'todo' }), ...buyersDone];
    expect(sendMove('filling', missing)).toMatchObject({
      ok: false,
      code: 'steps_missing',
      message: 'Antes de enviar, conclua: Endereço.',
    });
  });

  it('re-sends after a correction, and never twice', () => {
    expect(sendMove('pending_correction', [...buyersDone, ...sellerDone])).toMatchObject({
      ok: true,
      to: 'correction_answered',
    });
    expect(sendMove('pending_correction', [...buyersDone, ...sellerOpen])).toMatchObject({
      ok: false,
      code: 'seller_correction',
    });
    for (const status of ['awaiting_seller', 'under_review', 'correction_answered', 'approved'] as const)
      expect(sendMove(status, buyersDone)).toMatchObject({ ok: false, code: 'already_sent' });
  });

  it('the seller completing takes a waiting proposal to the team', () => {
    expect(sellerCompleteMove('awaiting_seller')).toBe('under_review');
    expect(sellerCompleteMove('filling')).toBeNull();
  });

  it('the last correction answered makes the proposal “Correção respondida”', () => {
    expect(answeredMove('pending_correction', [...buyersDone, ...sellerDone])).toBe('correction_answered');
    expect(answeredMove('pending_correction', [step({ state: 'rejected' }), ...sellerDone])).toBeNull();
    expect(answeredMove('under_review', [...buyersDone, ...sellerDone])).toBeNull();
    expect(isSellerPartDone(sellerOpen)).toBe(false);
  });
});

describe('each party’s part', () => {
  it('the buyers’ sending never closes the seller’s part', () => {
    expect(isPartOpen('awaiting_seller', 'seller')).toBe(true);
    expect(isPartOpen('awaiting_seller', 'buyer')).toBe(false);
    for (const s of ['under_review', 'correction_answered', 'sent_to_bank', 'approved'] as const)
      for (const p of ['buyer', 'seller'] as const) expect(isPartOpen(s, p)).toBe(false);
    for (const p of ['buyer', 'seller'] as const) expect(isPartOpen('pending_correction', p)).toBe(true);
  });

  it('a read-only screen always says why and what comes next, with the same logic for both', () => {
    for (const status of PROPOSAL_STATUSES)
      for (const party of ['buyer', 'seller'] as const) {
        const why = readOnlyReason({ status, party, mayEdit: true });
        expect(why === null).toBe(isPartOpen(status, party));
        if (why) {
          expect(why.reason).toMatch(/\S/);
          expect(why.next).toMatch(/\S/);
        }
        expect(statusSentence(status, party)).toMatch(/\S/);
      }
    expect(readOnlyReason({ status: 'awaiting_seller', party: 'buyer', mayEdit: true })!.next).toContain(
      'assim que o vendedor concluir',
    );
    expect(readOnlyReason({ status: 'filling', party: 'buyer', mayEdit: false })!.reason).toContain(
      'preenchida por outra pessoa',
    );
  });
});

describe('who reads the team’s notes', () => {
  it('the seller never reads a note written to the buyers, nor the buyers one written to the seller', () => {
    expect(noteAudience({ kind: 'status', to: 'pending_correction', byParty: false })).toEqual(['buyer']);
    expect(noteAudience({ kind: 'stage', to: 'credit_analysis', byParty: false })).toEqual(['buyer']);
    expect(noteAudience({ kind: 'stage', to: 'appraisal', byParty: false })).toEqual(['seller']);
    expect(noteAudience({ kind: 'correction', to: null, byParty: false, sectionScope: 'seller' })).toEqual(['seller']);
    expect(noteAudience({ kind: 'correction', to: null, byParty: false, sectionScope: 'buyer' })).toEqual(['buyer']);
    expect(noteAudience({ kind: 'status', to: 'awaiting_seller', byParty: true })).toEqual(['buyer', 'seller']);
  });
});

describe('a stable count', () => {
  const fgts = (status: 'todo' | 'done', uses: boolean): ProgressInput => ({
    proposalId: 'p1',
    status: 'filling',
    buyers: [{ position: 0, name: 'Ana', hasAccount: true }],
    sections: [
      { key: 'data', title: 'Dados gerais', buyer: 0, status: 'done', required: true },
      { key: 'fgts_questions', title: 'FGTS — Perguntas', buyer: 0, status, required: true },
      ...['fgts_address', 'fgts_civil_status', 'fgts_tax', 'fgts_authorization', 'fgts_review'].map((key) => ({
        key,
        title: key,
        buyer: 0,
        status: 'todo' as const,
        required: uses,
      })),
      { key: 'seller-general-data', title: 'Vendedor', buyer: null, status: 'todo', required: true },
      { key: 'seller-marital', title: 'Cônjuge', buyer: null, status: 'todo', required: true },
    ],
    health: [],
    documents: [],
    sellerDone: false,
  });

  it('counts the FGTS forms from the start; an answer of “Não” makes them “não se aplica”, never fewer steps', () => {
    const before = proposalProgress(fgts('todo', false));
    const no = proposalProgress(fgts('done', false));
    const yes = proposalProgress(fgts('done', true));
    expect(before.total).toBe(no.total);
    expect(no.total).toBe(yes.total);
    expect(no.done - before.done).toBe(6);
    expect(yes.done - before.done).toBe(1);
    expect(
      deriveSteps(fgts('done', false))
        .filter((s) => s.skipped)
        .map((s) => s.key),
    ).toHaveLength(5);
  });

  it('a buyer who did all of the buyers’ steps has the buyers’ part at 100 %, whatever the seller did', () => {
    const all = proposalProgress({
      ...fgts('done', false),
      sections: fgts('done', false).sections.map((s) => (s.buyer === null ? s : { ...s, status: 'done' as const })),
      health: [{ buyer: 0, completed: true }],
      status: 'awaiting_seller',
    });
    expect(all.buyer.percent).toBe(100);
    expect(all.percent).toBeLessThan(100);
  });
});
