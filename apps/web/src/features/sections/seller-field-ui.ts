import { CIVIL_STATUS_LABELS, MARRIAGE_REGIME_LABELS } from '@portal/domain/buyer-sections';
import { BANK_CHOICES } from '@portal/domain/banks';
import {
  ACCOUNT_TYPE_LABELS,
  CONTACT_PERSON_LABELS,
  OCCUPANCY_LABELS,
  SELLER_PERSON_TYPE_LABELS,
  SPOUSE_SIGNS_LABELS,
  VISIT_PERIOD_LABELS,
  YES_NO_LABELS,
  type SellerSectionKey,
} from '@portal/domain/seller-sections';
import { ADDRESS_FIELD_UI } from '../../components/section-form/address-ui';
import { options, UF_OPTIONS, type FieldUi } from '../../components/section-form/widgets';

const YES_NO = options(YES_NO_LABELS);
/** Most used banks first (BANK_CHOICES is a list: an object of codes would iterate "104" before "001"). */
const BANK_OPTIONS = [...BANK_CHOICES];

/** The property's address is not the seller's: no browser autofill of the person's own address. */
const PROPERTY_ADDRESS: Record<string, FieldUi> = Object.fromEntries(
  Object.entries(ADDRESS_FIELD_UI).map(([k, ui]) => [
    k,
    { ...ui, autoComplete: 'off', help: k === 'cep' ? 'O CEP do imóvel que está sendo vendido.' : ui.help },
  ]),
);

/** Labels, widgets and help texts of every seller section field (one UI map per feature and party, docs/product/look.md). */
export const SELLER_FIELD_UI: Record<SellerSectionKey, Record<string, FieldUi>> = {
  'seller-general-data': {
    person_type: { label: 'Quem vende o imóvel é', widget: 'radio', options: options(SELLER_PERSON_TYPE_LABELS) },
    name: { label: 'Nome completo ou razão social', widget: 'text', autoComplete: 'name', maxLength: 120 },
    cpf: { label: 'CPF', widget: 'cpf', placeholder: '000.000.000-00' },
    cnpj: { label: 'CNPJ', widget: 'cnpj', placeholder: '00.000.000/0000-00' },
    email: { label: 'E-mail', widget: 'email', autoComplete: 'email' },
    phone: { label: 'Telefone com DDD', widget: 'phone', autoComplete: 'tel-national', placeholder: '(11) 98765-4321' },
    representative_name: {
      label: 'Nome do representante legal',
      widget: 'text',
      maxLength: 120,
      help: 'Quem assina pela empresa, conforme o contrato social.',
    },
    representative_cpf: { label: 'CPF do representante legal', widget: 'cpf', placeholder: '000.000.000-00' },
    civil_status: { label: 'Estado civil', widget: 'select', options: options(CIVIL_STATUS_LABELS) },
    marriage_union: { label: 'Vive em união estável?', widget: 'switch' },
    marriage_regime: { label: 'Regime de bens', widget: 'select', options: options(MARRIAGE_REGIME_LABELS) },
    spouse_name: { label: 'Nome do cônjuge ou companheiro(a)', widget: 'text', maxLength: 120 },
    spouse_cpf: { label: 'CPF do cônjuge ou companheiro(a)', widget: 'cpf', placeholder: '000.000.000-00' },
  },
  'seller-address': ADDRESS_FIELD_UI,
  'seller-property': {
    ...PROPERTY_ADDRESS,
    private_area: {
      label: 'Área privativa',
      widget: 'area',
      placeholder: '72,5',
      help: 'Como consta na matrícula ou no IPTU.',
    },
    occupancy: { label: 'Hoje o imóvel está', widget: 'radio', options: options(OCCUPANCY_LABELS) },
  },
  'seller-property-registry': {
    registry_office: {
      label: 'Cartório de Registro de Imóveis',
      widget: 'text',
      maxLength: 150,
      placeholder: '1º Oficial de Registro de Imóveis de São Paulo',
    },
    registry_city: { label: 'Cidade do cartório', widget: 'text', maxLength: 100 },
    registry_state: { label: 'UF do cartório', widget: 'select', options: UF_OPTIONS },
    registration_number: {
      label: 'Número da matrícula',
      widget: 'text',
      maxLength: 14,
      placeholder: '123.456',
      help: 'Está no topo da certidão da matrícula.',
    },
    municipal_registration: {
      label: 'Inscrição municipal (número do IPTU)',
      widget: 'text',
      maxLength: 40,
      help: 'Como aparece no carnê do IPTU (contribuinte ou inscrição imobiliária).',
    },
  },
  'seller-property-financing': {
    still_financed: {
      label: 'O imóvel ainda está financiado (alienado ou hipotecado a um banco)?',
      widget: 'radio',
      options: YES_NO,
    },
    financing_bank: { label: 'Banco do financiamento', widget: 'select', options: BANK_OPTIONS },
    outstanding_balance: {
      label: 'Saldo devedor aproximado (R$)',
      widget: 'money',
      placeholder: '0,00',
      help: 'Veja no extrato ou no aplicativo do banco. O banco do comprador quita esse saldo com parte do valor da venda.',
    },
    contract_number: { label: 'Número do contrato (opcional)', widget: 'text', maxLength: 40 },
  },
  'seller-property-questions': {
    has_liens: {
      label: 'Há penhora, hipoteca (além do financiamento), usufruto ou outro ônus na matrícula?',
      widget: 'radio',
      options: YES_NO,
    },
    has_lawsuits: {
      label: 'Há ação judicial que envolva o imóvel ou os vendedores?',
      widget: 'radio',
      options: YES_NO,
    },
    iptu_debts: { label: 'Há IPTU em atraso?', widget: 'radio', options: YES_NO },
    unregistered_works: {
      label: 'Há construção ou reforma que não está averbada na matrícula?',
      widget: 'radio',
      options: YES_NO,
    },
    is_condominium: { label: 'O imóvel fica em condomínio?', widget: 'radio', options: YES_NO },
    condo_debts: { label: 'Há taxas de condomínio em atraso?', widget: 'radio', options: YES_NO },
    bought_with_fgts: {
      label: 'Você comprou este imóvel usando o FGTS?',
      widget: 'radio',
      options: YES_NO,
      help: 'Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de 3 anos.',
    },
    fgts_purchase_date: {
      label: 'Data da compra com FGTS (escritura ou registro)',
      widget: 'date',
      placeholder: 'DD/MM/AAAA',
    },
  },
  'seller-property-info': {
    iptu_annual: {
      label: 'Valor anual do IPTU (R$)',
      widget: 'money',
      placeholder: '0,00',
      help: 'Se o imóvel é isento, informe 0,00.',
    },
    condo_fee: {
      label: 'Valor mensal do condomínio (R$)',
      widget: 'money',
      placeholder: '0,00',
      help: 'Deixe em branco se o imóvel não é de condomínio.',
    },
    condo_manager: {
      label: 'Administradora ou síndico (opcional)',
      widget: 'text',
      maxLength: 150,
      help: 'Nome e telefone, para a declaração de quitação do condomínio.',
    },
    explanation: {
      label: 'Explique as respostas "Sim"',
      widget: 'textarea',
      maxLength: 2000,
      help: 'Se todas as respostas foram "Não", deixe em branco.',
    },
  },
  'seller-marital': {
    acquired_in_union: {
      label: 'O imóvel foi comprado durante um casamento ou união estável (atual ou anterior)?',
      widget: 'radio',
      options: YES_NO,
    },
    spouse_signs: {
      label: 'O cônjuge ou companheiro(a) vai assinar a venda com você?',
      widget: 'radio',
      options: options(SPOUSE_SIGNS_LABELS),
      help: 'Casado(a) fora da separação total de bens, a assinatura do cônjuge é obrigatória.',
    },
    pending_partition: {
      label: 'Há divórcio, separação, dissolução de união ou inventário em andamento que envolva o imóvel?',
      widget: 'radio',
      options: YES_NO,
    },
    partition_details: {
      label: 'Conte o que está em andamento',
      widget: 'textarea',
      maxLength: 1000,
      help: 'Processo, vara ou cartório, e em que fase está.',
    },
  },
  'seller-property-contact': {
    contact_person: {
      label: 'Quem vai abrir o imóvel para a vistoria do avaliador?',
      widget: 'radio',
      options: options(CONTACT_PERSON_LABELS),
    },
    contact_name: { label: 'Nome de quem vai receber o avaliador', widget: 'text', maxLength: 120 },
    contact_relation: {
      label: 'Quem é essa pessoa',
      widget: 'text',
      maxLength: 60,
      placeholder: 'Corretor, inquilino, zelador…',
    },
    contact_phone: { label: 'Telefone para agendar a vistoria', widget: 'phone', placeholder: '(11) 98765-4321' },
    best_period: { label: 'Melhor período para a visita', widget: 'radio', options: options(VISIT_PERIOD_LABELS) },
    access_notes: {
      label: 'Como chegar e entrar (opcional)',
      widget: 'textarea',
      maxLength: 500,
      placeholder: 'Portaria, chaves, vaga para o avaliador…',
    },
  },
  'seller-amounts-receivable': {
    bank: { label: 'Banco', widget: 'select', options: BANK_OPTIONS },
    account_type: { label: 'Tipo de conta', widget: 'radio', options: options(ACCOUNT_TYPE_LABELS) },
    agency: { label: 'Agência', widget: 'digits', maxLength: 6, placeholder: '0000' },
    account: { label: 'Conta com dígito', widget: 'digits', maxLength: 14, placeholder: '12345-6', account: true },
    holder_name: { label: 'Nome do titular da conta', widget: 'text', maxLength: 120 },
    holder_document: {
      label: 'CPF ou CNPJ do titular',
      widget: 'document',
      help: 'A conta precisa estar no seu nome: o mesmo CPF ou CNPJ dos dados gerais.',
    },
    several_sellers: { label: 'O valor será dividido entre mais de um vendedor', widget: 'switch' },
    share_percent: { label: 'Sua parte do valor (%)', widget: 'percent' },
    other_sellers: { label: 'Os outros vendedores (nome e CPF/CNPJ)', widget: 'textarea', maxLength: 300 },
    payoff: { label: 'Parte do valor vai quitar o financiamento atual do imóvel', widget: 'switch' },
    payoff_amount: {
      label: 'Valor a quitar (R$)',
      widget: 'money',
      placeholder: '0,00',
      help: 'O banco paga esse valor diretamente ao credor e deposita o restante nesta conta.',
    },
  },
};
