import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { financingValuesSchema, type FinancingValuesInput } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { centsToInput, maskMoneyInput } from '@portal/domain/money';
import { formatDecimal } from '@portal/domain/numbers';
import { TextField } from '../../components/form-field';
import { FinancingSummary } from '../../components/financing-summary';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag } from '../../components/plain-tag';
import { NativeForm } from '../../components/section-form/field-item';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { useFinancing, useSaveFinancingValues } from '../../lib/financing-api';

const FIELDS = ['propertyValue', 'appraisalValue', 'interestRate'] as const;
const RULE_STATUS = {
  pass: { color: 'green', label: 'Atende' },
  fail: { color: 'red', label: 'Não atende' },
  unknown: { color: 'default', label: 'Falta informação' },
} as const;

const toInputs = (f: FinancingView): FinancingValuesInput => ({
  propertyValue: f.propertyValue === null ? '' : centsToInput(f.propertyValue),
  appraisalValue: f.appraisalValue === null ? '' : centsToInput(f.appraisalValue),
  interestRate: f.interestRateBp === null ? '' : formatDecimal(f.interestRateBp / 100, 3),
});

/**
 * The back office's financing panel: the purchase price, the appraisal value (when the bank
 * reports it) and the effective annual rate, checked against the LTV limit by the server; the
 * numbers the buyer sees; and each FGTS rule on the property with its outcome and source.
 */
export function FinancingPanel({ proposalId }: { proposalId: string }) {
  const financing = useFinancing(proposalId);
  if (!financing.data) return null;
  return (
    <section className="bo-panel" aria-label="Financiamento">
      <ValuesForm proposalId={proposalId} financing={financing.data} />
      <FinancingSummary financing={financing.data} title="Parcelas (como o comprador vê)" />
      {financing.data.fgtsPropertyRules.length ? <FgtsPropertyRules financing={financing.data} /> : null}
    </section>
  );
}

function ValuesForm({ proposalId, financing }: { proposalId: string; financing: FinancingView }) {
  const { message } = App.useApp();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveFinancingValues(proposalId);
  const { control, handleSubmit, setError, reset } = useForm<FinancingValuesInput>({
    resolver: zodResolver(financingValuesSchema),
    defaultValues: toInputs(financing),
  });
  useEffect(() => reset(toInputs(financing)), [financing, reset]);
  return (
    <NativeForm
      aria-labelledby="valores-imovel"
      onSubmit={(e) => {
        setFormError(null);
        void handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => void message.success('Valores do financiamento salvos.'),
            onError: (err) => setFormError(applyServerErrors(err, hookFormSetError(setError), FIELDS)),
          }),
        )(e);
      }}
    >
      <h3 id="valores-imovel">Valores do imóvel e taxa</h3>
      <TextField
        control={control}
        name="propertyValue"
        label="Valor de compra (R$)"
        mask={maskMoneyInput}
        input={{ inputMode: 'numeric' }}
      />
      <TextField
        control={control}
        name="appraisalValue"
        label="Valor de avaliação (R$)"
        mask={maskMoneyInput}
        help="Quando o banco informar o laudo de avaliação."
        input={{ inputMode: 'numeric' }}
      />
      <TextField
        control={control}
        name="interestRate"
        label="Taxa de juros efetiva (% a.a.)"
        help="Ex.: 10,49"
        input={{ inputMode: 'decimal' }}
      />
      {formError ? <PlainAlert type="error" className="form-alert" title={formError} /> : null}
      <Button htmlType="submit" type="primary" loading={save.isPending} block>
        Salvar valores
      </Button>
    </NativeForm>
  );
}

function FgtsPropertyRules({ financing }: { financing: FinancingView }) {
  return (
    <div className="bo-fgts-rules">
      <h3>FGTS — regras do imóvel</h3>
      <ul className="bo-fgts-rules__list">
        {financing.fgtsPropertyRules.map((r) => (
          <li key={r.id} data-rule={r.id}>
            <PlainTag color={RULE_STATUS[r.status].color}>{RULE_STATUS[r.status].label}</PlainTag> {r.fact.label}
            {r.reason ? <p className="bo-fgts-rules__reason">{r.reason}</p> : null}
            <p className="bo-hint">Fonte: {r.source}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
