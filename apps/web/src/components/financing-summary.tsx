import {
  formatInterestRate,
  formatPercent,
  incomeShareWarning,
  INCOME_SHARE_LIMIT_PERCENT,
} from '@portal/domain/financing';
import type { FinancingView } from '@portal/domain/financing-view';
import { formatMoney } from '@portal/domain/money';
import { PlainAlert } from './plain-alert';

const SYSTEM_NAMES = { SAC: 'SAC (parcelas decrescentes)', PRICE: 'PRICE (parcelas iguais)' } as const;

/**
 * The financing's numbers as the buyer and the back office see them: the property's values and,
 * once the interest rate is known, the first and last installment, the total paid and the share of
 * the declared income (with a warning above the usual limit).
 */
export function FinancingSummary({
  financing,
  title = 'Valores do financiamento',
}: {
  financing: FinancingView;
  title?: string;
}) {
  const s = financing.summary;
  const warning = s ? incomeShareWarning(s) : null;
  return (
    <section className="financing-summary" aria-labelledby="valores-financiamento">
      <h2 id="valores-financiamento" className="section-title">
        {title}
      </h2>
      <dl className="facts">
        <div>
          <dt>Valor de compra do imóvel</dt>
          <dd>{financing.propertyValue === null ? 'Ainda não informado' : formatMoney(financing.propertyValue)}</dd>
        </div>
        <div>
          <dt>Valor de avaliação</dt>
          <dd>
            {financing.appraisalValue === null
              ? 'Aguardando a avaliação do banco'
              : formatMoney(financing.appraisalValue)}
          </dd>
        </div>
        <div>
          <dt>Valor financiado</dt>
          <dd>
            {formatMoney(financing.amount)} em {financing.months} meses
          </dd>
        </div>
        <div>
          <dt>Sistema de amortização</dt>
          <dd>{SYSTEM_NAMES[financing.system]}</dd>
        </div>
        <div>
          <dt>Taxa de juros</dt>
          <dd>
            {financing.interestRateBp === null
              ? 'Ainda não informada'
              : `${formatInterestRate(financing.interestRateBp)} (efetiva)`}
          </dd>
        </div>
        {s ? (
          <>
            <div>
              <dt>Primeira parcela</dt>
              <dd>{formatMoney(s.firstInstallment)}</dd>
            </div>
            <div>
              <dt>Última parcela</dt>
              <dd>{formatMoney(s.lastInstallment)}</dd>
            </div>
            <div>
              <dt>Total pago em {financing.months} meses</dt>
              <dd>
                {formatMoney(s.totalPaid)} ({formatMoney(s.totalInterest)} de juros)
              </dd>
            </div>
            <div>
              <dt>Parte da renda declarada</dt>
              <dd>
                {s.incomeSharePercent === null
                  ? 'Informe a renda nos dados dos compradores'
                  : `${formatPercent(s.incomeSharePercent)} (até ${INCOME_SHARE_LIMIT_PERCENT} % é o usual)`}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {s ? (
        <p className="muted">
          Parcelas sem seguros e tarifas, calculadas com a taxa informada. O banco confirma os valores no contrato.
        </p>
      ) : (
        <p className="muted">As parcelas aparecem aqui quando o banco informar a taxa de juros.</p>
      )}
      {warning ? <PlainAlert type="warning" className="form-alert" title={warning} /> : null}
      {financing.ltvError ? <PlainAlert type="error" className="form-alert" title={financing.ltvError} /> : null}
    </section>
  );
}
