import { CIVIL_STATUS_LABELS, DOCUMENT_TYPE_LABELS, MARRIAGE_REGIME_LABELS } from '@portal/domain/buyer-sections';
import { ADDRESS_FIELD_UI } from '../../components/section-form/address-ui';
import { options, UF_OPTIONS, type FieldUi } from '../../components/section-form/widgets';

/** Labels, widgets and help texts of every buyer section field (one UI map per feature and party, docs/product/look.md). */
export const BUYER_FIELD_UI: Record<
  'data' | 'address' | 'document' | 'investment' | 'seller',
  Record<string, FieldUi>
> = {
  data: {
    name: { label: 'Nome completo', widget: 'text', autoComplete: 'name', maxLength: 120 },
    cpf: { label: 'CPF', widget: 'cpf', readOnly: true },
    email: { label: 'E-mail', widget: 'email', autoComplete: 'email' },
    phone: { label: 'Celular com DDD', widget: 'phone', autoComplete: 'tel-national', placeholder: '(11) 98765-4321' },
    birth_date: { label: 'Data de nascimento', widget: 'date', autoComplete: 'bday', placeholder: 'DD/MM/AAAA' },
    civil_status: { label: 'Estado civil', widget: 'select', options: options(CIVIL_STATUS_LABELS) },
    marriage_union: { label: 'Vive em união estável?', widget: 'switch' },
    marriage_date: { label: 'Data do casamento ou início da união', widget: 'date', placeholder: 'DD/MM/AAAA' },
    marriage_regime: { label: 'Regime de bens', widget: 'select', options: options(MARRIAGE_REGIME_LABELS) },
    occupation: { label: 'Profissão', widget: 'text', autoComplete: 'organization-title', maxLength: 120 },
    registered_employees: { label: 'Trabalha com carteira assinada (CLT)?', widget: 'switch' },
    income: {
      label: 'Renda mensal bruta (R$)',
      widget: 'money',
      placeholder: '0,00',
      help: 'Some salários, pró-labore, aluguéis e outras rendas comprováveis.',
    },
    represented: { label: 'Será representado(a) por procurador?', widget: 'switch' },
    name_attorney: { label: 'Nome do procurador', widget: 'text', maxLength: 120 },
    email_attorney: { label: 'E-mail do procurador', widget: 'email' },
    attorney_type: {
      label: 'O procurador é',
      widget: 'radio',
      options: options({ person: 'Pessoa física', company: 'Pessoa jurídica' }),
    },
    cpf_attorney: { label: 'CPF ou CNPJ do procurador', widget: 'cpf-or-cnpj' },
    attorney_phone_type: {
      label: 'Tipo de telefone do procurador',
      widget: 'radio',
      options: options({ normal: 'Fixo', mobile: 'Celular' }),
    },
    phone_attorney: { label: 'Telefone do procurador com DDD', widget: 'phone' },
  },
  address: {
    same_main_buyer_address: { label: 'Mesmo endereço do comprador principal', widget: 'switch' },
    ...ADDRESS_FIELD_UI,
    user_address: { label: 'Usar este endereço para correspondência', widget: 'switch' },
  },
  document: {
    document_type: { label: 'Tipo de documento', widget: 'select', options: options(DOCUMENT_TYPE_LABELS) },
    document_number: { label: 'Número do documento', widget: 'text', maxLength: 20 },
    issuing_authority: { label: 'Órgão emissor', widget: 'text', placeholder: 'SSP, DETRAN, PF…', maxLength: 30 },
    uf: { label: 'UF de emissão', widget: 'select', options: UF_OPTIONS },
    expedition_date: { label: 'Data de expedição', widget: 'date', placeholder: 'DD/MM/AAAA' },
    gender: {
      label: 'Sexo',
      widget: 'radio',
      options: options({ female: 'Feminino', male: 'Masculino' }),
    },
    birth_date_document: { label: 'Data de nascimento (como no documento)', widget: 'date', placeholder: 'DD/MM/AAAA' },
    birth_state: { label: 'UF de nascimento', widget: 'select', options: UF_OPTIONS },
    birth_city: { label: 'Cidade de nascimento', widget: 'text' },
    mother_name: { label: 'Nome da mãe (filiação 1)', widget: 'text', maxLength: 120 },
    affiliation_two: { label: 'O documento não tem segunda filiação', widget: 'switch' },
    father_name: { label: 'Nome do pai (filiação 2)', widget: 'text', maxLength: 120 },
  },
  investment: {
    agency: {
      label: 'Agência da conta de débito das parcelas (4 dígitos)',
      widget: 'digits',
      maxLength: 4,
      placeholder: '0000',
      help: 'A conta corrente do comprador principal no banco que vai financiar o imóvel: as parcelas do financiamento serão debitadas nela todo mês.',
    },
    account: {
      label: 'Conta corrente de débito das parcelas, com dígito',
      widget: 'digits',
      maxLength: 14,
      placeholder: '12345-6',
      account: true,
    },
    authorize_debit: { label: 'Autorizo o débito das parcelas nesta conta', widget: 'switch' },
    embed_tariffs: { label: 'Incorporar as tarifas ao valor financiado', widget: 'switch' },
    first_buyer_percent: { label: 'Participação do comprador principal (%)', widget: 'percent' },
    second_buyer_percent: { label: 'Participação do segundo comprador (%)', widget: 'percent' },
    sfh: {
      label: 'Enquadrar no Sistema Financeiro da Habitação (SFH)',
      widget: 'switch',
      help: 'Imóveis de até R$ 1.500.000,00 podem usar as condições do SFH.',
    },
  },
  seller: {
    sellerName: { label: 'Nome do vendedor', widget: 'text', autoComplete: 'off', maxLength: 120 },
    sellerEmail: { label: 'E-mail do vendedor', widget: 'email', autoComplete: 'off' },
    sellerPhone: { label: 'Celular do vendedor com DDD', widget: 'phone', autoComplete: 'off' },
  },
};
