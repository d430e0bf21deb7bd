import { formatPercent } from '@portal/domain/financing';
import { formatInterestRate } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { formatMoney } from '@portal/domain/money';

/**
 * The dossier's lines about the property's values and the installments (docs/decisions/020): what
 * the back office entered, the numbers the buyer saw and every FGTS property rule that fails.
 */
export function financingRows(f: FinancingView): [label: string, value: string][] {
  const rows: [string, string][] = [
    ['Valor de compra', f.propertyValue === null ? 'Não informado' : formatMoney(f.propertyValue)],
    ['Valor de avaliação', f.appraisalValue === null ? 'Aguardando a avaliação' : formatMoney(f.appraisalValue)],
    [
      'Taxa de juros',
      f.interestRateBp === null ? 'Não informada' : `${formatInterestRate(f.interestRateBp)} (efetiva)`,
    ],
  ];
  if (f.ltvError) rows.push(['Limite de financiamento', f.ltvError]);
  if (f.summary) {
    rows.push(
      ['Primeira parcela', formatMoney(f.summary.firstInstallment)],
      ['Última parcela', formatMoney(f.summary.lastInstallment)],
      ['Total pago', formatMoney(f.summary.totalPaid)],
    );
    if (f.summary.incomeSharePercent !== null)
      rows.push(['Parte da renda declarada', formatPercent(f.summary.incomeSharePercent)]);
  }
  for (const r of f.fgtsPropertyRules)
    if (r.status === 'fail' && r.reason) rows.push(['FGTS — regra do imóvel', r.reason]);
  return rows;
}
