import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useController, useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMORTIZATION_LABELS,
  FEE_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
  newProposalSchema,
  type NewProposalInput,
} from '@portal/domain/backoffice';
import { formatCep } from '@portal/domain/cep';
import { formatCpf } from '@portal/domain/cpf';
import { UFS } from '@portal/domain/fields';
import { maskMoneyInput } from '@portal/domain/money';
import { INSURER_LABELS, PROPERTY_KIND_LABELS, PROPOSAL_TYPE_LABELS } from '@portal/domain/proposal-values';
import { ChoiceButtons } from '../../components/choice-buttons';
import { FormError } from '../../components/form-error';
import { TextField } from '../../components/form-field';
import { Page } from '../../components/page';
import { PlainSuccessResult } from '../../components/plain-result';
import { NativeForm } from '../../components/section-form/field-item';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { lookupCep } from '../../lib/sections-api';
import { useCreateProposal } from './api';
import { BackofficeMenu } from './format';
import { ProductField, SelectField } from './new-proposal-fields';
import './backoffice.css';
import './new-proposal.css';

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
const emptyBuyer = { name: '', cpf: '', email: '' };
const DEFAULTS: NewProposalInput = {
  type: 'financing',
  buyers: [emptyBuyer],
  property: { type: 'residential', kind: '' as never, zipCode: '', uf: '' as never, city: '' },
  financingOrCgiData: {
    amortizationSystem: 'SAC',
    amount: '',
    feeType: '' as never,
    installments: '',
    insuranceCompanyName: '' as never,
    product: '',
  },
};

/** Two selects side by side, each picking one key of its label map. */
function SelectPair({
  control,
  fields,
}: {
  control: Control<NewProposalInput>;
  fields: [FieldPath<NewProposalInput>, string, Record<string, string>][];
}) {
  return (
    <div className="bo-grid">
      {fields.map(([name, label, labels]) => (
        <SelectField key={name} control={control} name={name} label={label} options={options(labels)} />
      ))}
    </div>
  );
}

/**
 * /backoffice/proposals/new: type, buyers (one or two), property and the financing or CGI terms.
 * The same zod schema validates here and on the server; saving creates the proposal with its code
 * and e-mails each buyer a link to create a password.
 */
export default function NewProposalPage() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<NewProposalInput>({
    resolver: zodResolver(newProposalSchema),
    defaultValues: DEFAULTS,
  });
  const buyers = useFieldArray({ control, name: 'buyers' });
  const type = useWatch({ control, name: 'type' });
  const create = useCreateProposal();
  const typeField = useController({ control, name: 'type' });
  const zipCode = useWatch({ control, name: 'property.zipCode' });
  // A complete CEP fills city and UF when the CEP service answers (typed by hand otherwise).
  useEffect(() => {
    const digits = String(zipCode ?? '').replace(/\D/g, '');
    if (digits.length !== 8) return;
    const controller = new AbortController();
    lookupCep(digits, controller.signal).then(
      (found) => {
        if (!getValues('property.city')) setValue('property.city', found.city, { shouldValidate: true });
        if (!getValues('property.uf')) setValue('property.uf', found.state as never, { shouldValidate: true });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [zipCode, getValues, setValue]);

  if (create.isSuccess) {
    return (
      <Page title="Proposta criada">
        <PlainSuccessResult
          title={`Proposta ${create.data.code} criada`}
          subTitle="Cada comprador recebeu um e-mail com o link para criar a senha e começar o preenchimento."
          extra={[
            <Button
              key="ver"
              type="primary"
              size="large"
              onClick={() => navigate(`/backoffice/proposals/${create.data.id}`)}
            >
              Abrir a proposta
            </Button>,
            <Button key="nova" size="large" onClick={() => create.reset()}>
              Criar outra
            </Button>,
          ]}
        />
      </Page>
    );
  }

  return (
    <Page
      title="Nova proposta"
      subtitle="Os compradores recebem por e-mail o link para criar a senha e preencher o restante."
    >
      <BackofficeMenu />
      <NativeForm
        className="bo-form"
        onSubmit={() => {
          setFormError(null);
          return handleSubmit((values) =>
            create.mutate(values, {
              onError: (err) =>
                setFormError(
                  applyServerErrors(err, hookFormSetError(setError), [
                    'type',
                    'buyers',
                    'property',
                    'financingOrCgiData',
                  ]),
                ),
            }),
          )();
        }}
      >
        <fieldset className="bo-fieldset">
          <legend>Tipo de proposta</legend>
          <ChoiceButtons
            value={typeField.field.value}
            onChange={(value) => {
              typeField.field.onChange(value);
              setValue('financingOrCgiData.product', '');
            }}
            options={options(PROPOSAL_TYPE_LABELS)}
            thumbSized={false}
            aria-label="Tipo de proposta"
          />
        </fieldset>

        <fieldset className="bo-fieldset">
          <legend>Compradores</legend>
          {buyers.fields.map((f, i) => (
            <div key={f.id} className="bo-buyer">
              <h3 className="bo-buyer__title">{i === 0 ? 'Comprador principal' : 'Segundo comprador'}</h3>
              <TextField
                control={control}
                name={`buyers.${i}.name`}
                label="Nome completo"
                input={{ autoComplete: 'off', maxLength: 120 }}
              />
              <div className="bo-grid">
                <TextField
                  control={control}
                  name={`buyers.${i}.cpf`}
                  label="CPF"
                  mask={formatCpf}
                  input={{ inputMode: 'numeric', placeholder: '000.000.000-00' }}
                />
                <TextField
                  control={control}
                  name={`buyers.${i}.email`}
                  label="E-mail"
                  input={{ type: 'email', inputMode: 'email', autoCapitalize: 'none' }}
                />
              </div>
              {i === 1 ? (
                <Button onClick={() => buyers.remove(1)} danger>
                  Remover o segundo comprador
                </Button>
              ) : null}
            </div>
          ))}
          {buyers.fields.length < 2 ? (
            <Button onClick={() => buyers.append(emptyBuyer)}>Adicionar segundo comprador</Button>
          ) : null}
        </fieldset>

        <fieldset className="bo-fieldset">
          <legend>Imóvel</legend>
          <SelectPair
            control={control}
            fields={[
              ['property.type', 'Uso do imóvel', PROPERTY_TYPE_LABELS],
              ['property.kind', 'Tipo do imóvel', PROPERTY_KIND_LABELS],
            ]}
          />
          <div className="bo-grid bo-grid--three">
            <TextField
              control={control}
              name="property.zipCode"
              label="CEP"
              mask={formatCep}
              input={{ inputMode: 'numeric', placeholder: '00000-000' }}
            />
            <SelectField
              control={control}
              name="property.uf"
              label="UF"
              options={UFS.map((u) => ({ value: u, label: u }))}
            />
            <TextField control={control} name="property.city" label="Cidade" input={{ maxLength: 100 }} />
          </div>
        </fieldset>

        <fieldset className="bo-fieldset">
          <legend>{type === 'cgi' ? 'Dados do crédito (CGI)' : 'Dados do financiamento'}</legend>
          <div className="bo-grid">
            <TextField
              control={control}
              name="financingOrCgiData.amount"
              label={type === 'cgi' ? 'Valor do crédito (R$)' : 'Valor financiado (R$)'}
              mask={maskMoneyInput}
              input={{ inputMode: 'numeric', placeholder: '0,00' }}
            />
            <TextField
              control={control}
              name="financingOrCgiData.installments"
              label="Prazo (meses)"
              mask={(v) => v.replace(/\D/g, '').slice(0, 3)}
              input={{ inputMode: 'numeric', placeholder: 'ex.: 360' }}
            />
          </div>
          <SelectPair
            control={control}
            fields={[
              ['financingOrCgiData.amortizationSystem', 'Sistema de amortização', AMORTIZATION_LABELS],
              ['financingOrCgiData.feeType', 'Tipo de taxa', FEE_TYPE_LABELS],
            ]}
          />
          <div className="bo-grid">
            <SelectField
              control={control}
              name="financingOrCgiData.insuranceCompanyName"
              label="Seguradora"
              options={options(INSURER_LABELS)}
            />
            <ProductField control={control} type={type} />
          </div>
        </fieldset>

        <FormError message={formError} />
        <div className="bo-form__actions">
          <Button type="primary" htmlType="submit" size="large" loading={create.isPending}>
            Criar proposta e convidar
          </Button>
          <Link to="/backoffice">Cancelar</Link>
        </div>
      </NativeForm>
    </Page>
  );
}
