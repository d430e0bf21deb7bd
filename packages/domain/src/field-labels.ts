import { formatBrDate } from './dates';
import { formatCep } from './cep';
import { formatCnpj } from './cnpj';
import { formatCpf } from './cpf';
import { maskAccountNumber } from './digits';
import { formatMoney } from './money';
import { formatPhone } from './phone';
import * as buyerSections from './buyer-sections';
import * as sellerSections from './seller-sections';
import * as fgtsSections from './fgts-sections';
import { UFS } from './fields';

/**
 * How the back office and the bank's PDF summary read a section's stored values (docs/product/back-office.md
 * office"): a Portuguese label per field and a display format per value. The forms keep their own,
 * richer UI maps (widgets, help texts); these are the short labels of a read-only view. A field
 * missing here still shows, under its key, so a new section is never hidden from the operator.
 */
export const FIELD_LABELS: Record<string, string> = {
  // Buyer general data
  name: 'Nome',
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Telefone',
  birth_date: 'Data de nascimento',
  civil_status: 'Estado civil',
  marriage_union: 'União estável',
  marriage_date: 'Data do casamento ou da união',
  marriage_regime: 'Regime de bens',
  occupation: 'Profissão / ocupação',
  registered_employees: 'Carteira assinada (CLT)',
  income: 'Renda mensal bruta',
  represented: 'Representado(a) por procurador',
  name_attorney: 'Nome do procurador',
  email_attorney: 'E-mail do procurador',
  attorney_type: 'Tipo de procurador',
  cpf_attorney: 'CPF/CNPJ do procurador',
  attorney_phone_type: 'Tipo de telefone do procurador',
  phone_attorney: 'Telefone do procurador',
  // Address
  same_main_buyer_address: 'Mesmo endereço do comprador principal',
  cep: 'CEP',
  address: 'Logradouro',
  street: 'Logradouro',
  number: 'Número',
  nonumber: 'Sem número',
  complement: 'Complemento',
  nocomplement: 'Sem complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  uf: 'UF',
  user_address: 'Endereço de correspondência',
  // Identity document
  document_type: 'Tipo de documento',
  document_number: 'Número do documento',
  issuing_authority: 'Órgão emissor',
  expedition_date: 'Data de expedição',
  gender: 'Sexo',
  birth_date_document: 'Data de nascimento (documento)',
  birth_state: 'UF de nascimento',
  birth_city: 'Cidade de nascimento',
  mother_name: 'Nome da mãe',
  father_name: 'Nome do pai',
  affiliation_two: 'Sem segunda filiação',
  // Investment
  agency: 'Agência',
  account: 'Conta',
  authorize_debit: 'Autoriza o débito das parcelas',
  embed_tariffs: 'Incorporar tarifas ao financiamento',
  first_buyer_percent: 'Participação do comprador principal (%)',
  second_buyer_percent: 'Participação do segundo comprador (%)',
  sfh: 'Enquadramento no SFH',
  // Seller form (buyer's)
  sellerName: 'Nome do vendedor',
  sellerEmail: 'E-mail do vendedor',
  sellerPhone: 'Telefone do vendedor',
  // Seller sections
  person_type: 'Tipo de pessoa',
  cnpj: 'CNPJ',
  representative_name: 'Nome do representante',
  representative_cpf: 'CPF do representante',
  several_sellers: 'Há outros vendedores',
  other_sellers: 'Outros vendedores',
  share_percent: 'Participação (%)',
  registration_number: 'Número da matrícula',
  registry_office: 'Cartório de registro de imóveis',
  registry_city: 'Cidade do cartório',
  registry_state: 'UF do cartório',
  municipal_registration: 'Inscrição municipal (IPTU)',
  still_financed: 'Imóvel ainda financiado',
  financing_bank: 'Banco do financiamento',
  contract_number: 'Número do contrato',
  outstanding_balance: 'Saldo devedor',
  payoff: 'Quitação com a venda',
  payoff_amount: 'Valor de quitação',
  stable_union: 'União estável',
  spouse_name: 'Nome do cônjuge',
  spouse_cpf: 'CPF do cônjuge',
  spouse_signs: 'Assinatura do cônjuge',
  acquired_in_union: 'Adquirido na constância da união',
  has_liens: 'Há ônus ou gravames',
  has_lawsuits: 'Há ações judiciais',
  pending_partition: 'Partilha pendente',
  partition_details: 'Detalhes da partilha',
  unregistered_works: 'Obras não averbadas',
  explanation: 'Explicação',
  is_condominium: 'Em condomínio',
  condo_fee: 'Taxa de condomínio',
  condo_debts: 'Débitos de condomínio',
  condo_manager: 'Administradora do condomínio',
  iptu_annual: 'IPTU anual',
  iptu_debts: 'Débitos de IPTU',
  bought_with_fgts: 'Comprado pelo vendedor com FGTS',
  fgts_purchase_date: 'Data da compra com FGTS',
  private_area: 'Área privativa (m²)',
  occupancy: 'Ocupação do imóvel',
  contact_person: 'Quem recebe o avaliador',
  contact_name: 'Nome do contato',
  contact_phone: 'Telefone do contato',
  contact_relation: 'Relação com o vendedor',
  best_period: 'Melhor período para a visita',
  access_notes: 'Observações de acesso',
  bank: 'Banco',
  account_type: 'Tipo de conta',
  holder_name: 'Titular da conta',
  holder_document: 'CPF/CNPJ do titular',
  // FGTS
  pis_pasep: 'PIS/PASEP',
  full_amount: 'Usar o saldo total',
  has_company: 'Tem empresa',
  accounts: 'Contas do FGTS',
  employee: 'Empregador',
  amount: 'Valor',
  company: 'Empresa',
  uses_fgts: 'Usa o FGTS',
  spouse_uses_fgts: 'Cônjuge usa o FGTS',
  contribution_years: 'Anos de contribuição',
  works_or_lives_in_city: 'Trabalha ou mora na cidade do imóvel',
  owns_home_in_city: 'Tem imóvel na cidade',
  active_sfh_financing: 'Tem financiamento ativo no SFH',
  used_fgts_last_3_years: 'Usou o FGTS em outra compra nos últimos 3 anos',
  eligible: 'Elegível',
  name_occupation: 'Empresa onde trabalha',
  state_occupation: 'UF do trabalho',
  city_occupation: 'Cidade do trabalho',
  state_live: 'UF onde mora',
  city_live: 'Cidade onde mora',
  same_city_work: 'Trabalha na cidade do imóvel',
  same_city_living: 'Mora na cidade do imóvel',
  same_city_living_year: 'Mora na cidade há mais de um ano',
  intent_housing: 'Imóvel para moradia própria',
  declares_income_tax: 'Declara imposto de renda',
  tax_year: 'Ano-exercício',
  receipt_number: 'Número do recibo',
  exempt_declaration: 'Declaração de isenção',
  reason: 'Motivo',
  confirmed: 'Confirmado',
  field: 'Campo',
};

const MONEY_FIELDS = new Set([
  'income',
  'amount',
  'outstanding_balance',
  'payoff_amount',
  'condo_fee',
  'condo_debts',
  'iptu_annual',
  'iptu_debts',
]);
const PHONE_FIELDS = new Set(['phone', 'phone_attorney', 'sellerPhone', 'contact_phone']);
const CPF_OR_CNPJ_FIELDS = new Set([
  'cpf',
  'cnpj',
  'cpf_attorney',
  'representative_cpf',
  'spouse_cpf',
  'holder_document',
]);

/** Bank account numbers: shown back masked (last digits only) unless the reader needs them whole. */
const ACCOUNT_FIELDS = new Set(['account']);

export interface ReadableOptions {
  /** The whole account number, for the bank's dossier only; every screen shows it masked. */
  fullAccounts?: boolean;
}

/** value → words, from every `*_LABELS` map the section files export (so new choices show as words). */
const VALUE_LABELS: Record<string, string> = (() => {
  const out: Record<string, string> = {};
  for (const mod of [buyerSections, sellerSections, fgtsSections] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(mod)) {
      if (!name.endsWith('_LABELS') || !value || typeof value !== 'object') continue;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (typeof v === 'string') out[k] ??= v;
    }
  }
  Object.assign(out, {
    person: 'Pessoa física',
    company: 'Pessoa jurídica',
    female: 'Feminino',
    male: 'Masculino',
    normal: 'Fixo',
    mobile: 'Celular',
  });
  return out;
})();

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A stored value as a person reads it: Sim/Não, DD/MM/AAAA, R$ 1.234,56, masked CPF/CNPJ/CEP/phone, choice labels. */
export function formatFieldValue(field: string, value: unknown, options: ReadableOptions = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (ACCOUNT_FIELDS.has(field) && !options.fullAccounts && (typeof value === 'string' || typeof value === 'number'))
    return maskAccountNumber(String(value));
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatMoney(value);
    if (field.endsWith('_percent')) return `${String(value).replace('.', ',')}%`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (CPF_OR_CNPJ_FIELDS.has(field) && /^\d{11}$/.test(value)) return formatCpf(value);
    if (CPF_OR_CNPJ_FIELDS.has(field) && /^\d{14}$/.test(value)) return formatCnpj(value);
    if (field === 'cep' && /^\d{8}$/.test(value)) return formatCep(value);
    if (PHONE_FIELDS.has(field) && /^\d{10,11}$/.test(value)) return formatPhone(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatBrDate(value);
    if ((UFS as readonly string[]).includes(value)) return value;
    return VALUE_LABELS[value] ?? value;
  }
  return JSON.stringify(value);
}

export interface ReadableField {
  key: string;
  label: string;
  /** Plain values; lists and blocks are shown as nested rows. */
  value: string | null;
  children?: ReadableField[][];
}

/** A section's stored values as label/value rows, lists and blocks nested, in the stored order. */
export function readableFields(values: Record<string, unknown>, options: ReadableOptions = {}): ReadableField[] {
  return Object.entries(values).map(([key, value]) => {
    if (Array.isArray(value)) {
      return {
        key,
        label: fieldLabel(key),
        value: value.length ? null : '—',
        children: value.map((row) =>
          row && typeof row === 'object'
            ? readableFields(row as Record<string, unknown>, options)
            : [{ key, label: fieldLabel(key), value: formatFieldValue(key, row, options) }],
        ),
      };
    }
    if (value && typeof value === 'object') {
      return {
        key,
        label: fieldLabel(key),
        value: null,
        children: [readableFields(value as Record<string, unknown>, options)],
      };
    }
    return { key, label: fieldLabel(key), value: formatFieldValue(key, value, options) };
  });
}
