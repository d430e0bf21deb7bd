import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countForQuestion, insuranceBackAction, isInsurancePath, screenForCount } from './insurance-navigation';

describe('the insurance pages', () => {
  it.each([
    '/buyer/insurance',
    '/buyer/insurance-itau',
    '/buyer/insurance-tokio',
    '/buyer/seguradora',
    '/buyer/seguradora/empresa',
    '/buyer/seguradora/perguntas/3',
    '/buyer/seguradora/revisao',
  ])('%s is one', (p) => {
    expect(isInsurancePath(p)).toBe(true);
  });
  it.each([
    '/buyer/investment',
    '/buyer/fgts/questions',
    '/buyer/insurances',
    '/buyer/seguradoras',
    '/seller/proposals',
  ])('%s is not', (p) => {
    expect(isInsurancePath(p)).toBe(false);
  });
});

describe('the back button rule (docs/product/health-declaration.md)', () => {
  it('goes to the document registration of the buyer of the query, whatever the counter', () => {
    expect(insuranceBackAction({ buyerParam: '2', countQuestion: 5 })).toEqual({
      kind: 'navigate',
      to: '/buyer/document-registration?buyer=2',
    });
    expect(insuranceBackAction({ buyerParam: '1', countQuestion: -1 })).toEqual({
      kind: 'navigate',
      to: '/buyer/document-registration?buyer=1',
    });
  });

  it('reads buyer=0, an absent or a non-numeric buyer as "not a buyer"', () => {
    for (const buyerParam of ['0', null, '', 'abc'])
      expect(insuranceBackAction({ buyerParam, countQuestion: -1 })).toEqual({ kind: 'history' });
  });

  it('goes back in history below 0 or at/after the number of questions', () => {
    expect(insuranceBackAction({ buyerParam: null, countQuestion: -1 })).toEqual({ kind: 'history' });
    expect(insuranceBackAction({ buyerParam: '0', countQuestion: 16 })).toEqual({ kind: 'history' });
    expect(insuranceBackAction({ buyerParam: null, countQuestion: 3, totalQuestions: 3 })).toEqual({ kind: 'history' });
  });

  it('steps one question back inside the questionnaire, at the first and last question too', () => {
    expect(insuranceBackAction({ buyerParam: null, countQuestion: 0 })).toEqual({
      kind: 'question',
      countQuestion: -1,
    });
    expect(insuranceBackAction({ buyerParam: '0', countQuestion: 15 })).toEqual({
      kind: 'question',
      countQuestion: 14,
    });
  });

  it('agrees with the written rule for any counter and any buyer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 25 }),
        fc.option(fc.integer({ min: 0, max: 3 }).map(String)),
        (count, buyer) => {
          const action = insuranceBackAction({ buyerParam: buyer, countQuestion: count });
          if (buyer !== null && buyer !== '0') expect(action.kind).toBe('navigate');
          else if (count < 0 || count >= 16) expect(action.kind).toBe('history');
          else expect(action).toEqual({ kind: 'question', countQuestion: count - 1 });
        },
      ),
    );
  });
});

describe('the counter and the screens', () => {
  it('maps question N to counter N-1 and back', () => {
    expect(countForQuestion(1)).toBe(0);
    expect(countForQuestion(16)).toBe(15);
    expect(countForQuestion(0)).toBe(-1);
    expect(countForQuestion(17)).toBe(-1);
    expect(screenForCount(0)).toBe('/buyer/seguradora/perguntas/1');
    expect(screenForCount(15)).toBe('/buyer/seguradora/perguntas/16');
    expect(screenForCount(-1)).toBe('/buyer/seguradora/empresa');
    expect(screenForCount(16)).toBe('/buyer/seguradora/proposta');
  });
  it('a position that is not a whole number is no question; a shorter questionnaire ends sooner', () => {
    expect(countForQuestion(1.5)).toBe(-1);
    expect(countForQuestion(3, 3)).toBe(2);
    expect(countForQuestion(4, 3)).toBe(-1);
    expect(screenForCount(2, 3)).toBe('/buyer/seguradora/perguntas/3');
    expect(screenForCount(3, 3)).toBe('/buyer/seguradora/proposta');
  });
  it('reads the buyer parameter without the spaces around it', () => {
    expect(insuranceBackAction({ buyerParam: ' 2 ', countQuestion: 0 })).toEqual({
      kind: 'navigate',
      to: '/buyer/document-registration?buyer=2',
    });
    expect(insuranceBackAction({ buyerParam: '   ', countQuestion: -1 })).toEqual({ kind: 'history' });
  });
});
