import { describe, expect, it } from 'vitest';
import type { FinancingView } from '@portal/domain/financing-view';
import { DEMO_SAC_SUMMARY } from '../../../test/helpers/financing';
import { financingRows } from './dossier-financing';

const VIEW: FinancingView = {
  system: 'SAC',
  amount: 52_000_000,
  months: 360,
  propertyValue: 70_000_000,
  appraisalValue: null,
  interestRateBp: 1049,
  ltvLimit: 80,
  ltvError: null,
  monthlyIncome: 1_850_000,
  summary: DEMO_SAC_SUMMARY,
  fgtsPropertyRules: [
    { id: 'sfh_ceiling', fact: { from: 'property', label: 'Valor' }, source: 'Lei', status: 'pass', reason: null },
    {
      id: 'residential',
      fact: { from: 'property', label: 'Tipo' },
      source: 'Lei',
      status: 'fail',
      reason: 'Imóvel comercial.',
    },
  ],
};

describe('the dossier lines about the financing', () => {
  it('lists the property values, the rate, the installments and the failed FGTS property rules', () => {
    expect(financingRows(VIEW)).toEqual([
      ['Valor de compra', 'R$ 700.000,00'],
      ['Valor de avaliação', 'Aguardando a avaliação'],
      ['Taxa de juros', '10,49 % a.a. (efetiva)'],
      ['Primeira parcela', 'R$ 5.785,17'],
      ['Última parcela', 'R$ 1.456,50'],
      ['Total pago', 'R$ 1.303.501,14'],
      ['Parte da renda declarada', '31,3 %'],
      ['FGTS — regra do imóvel', 'Imóvel comercial.'],
    ]);
  });
  it('says what is still missing', () => {
    expect(
      financingRows({ ...VIEW, propertyValue: null, interestRateBp: null, summary: null, fgtsPropertyRules: [] }),
    ).toEqual([
      ['Valor de compra', 'Não informado'],
      ['Valor de avaliação', 'Aguardando a avaliação'],
      ['Taxa de juros', 'Não informada'],
    ]);
  });
});
