import { CIVIL_STATUS_LABELS, MARRIAGE_REGIME_LABELS } from '@portal/domain/buyer-sections';
import { OCCUPATION_LABELS, YES_NO_LABELS, type FgtsSectionKey } from '@portal/domain/fgts-sections';
import { options, UF_OPTIONS, type FieldUi } from '../../components/section-form/widgets';

const YES_NO = options(YES_NO_LABELS);

/** Labels, widgets and help texts of the FGTS fields (one UI map per feature). */
export const FGTS_FIELD_UI: Record<FgtsSectionKey, Record<string, FieldUi>> = {
  fgts_questions: {
    uses_fgts: { label: 'Você vai usar o FGTS nesta compra?', widget: 'radio', options: YES_NO },
    contribution_years: {
      label:
        'Você soma pelo menos 3 anos de trabalho com depósitos no FGTS, contando todos os empregos (seguidos ou não)?',
      widget: 'radio',
      options: YES_NO,
    },
    works_or_lives_in_city: {
      label:
        'Você trabalha ou mora há mais de 1 ano no município do imóvel, em município vizinho ou na mesma região metropolitana?',
      widget: 'radio',
      options: YES_NO,
    },
    owns_home_in_city: {
      label:
        'Você é dono(a), ou está comprando, outro imóvel residencial no município onde mora, onde trabalha ou onde fica este imóvel?',
      widget: 'radio',
      options: YES_NO,
    },
    active_sfh_financing: {
      label:
        'Você tem algum financiamento ativo pelo Sistema Financeiro da Habitação (SFH) em qualquer lugar do Brasil?',
      widget: 'radio',
      options: YES_NO,
    },
    used_fgts_last_3_years: {
      label: 'Você usou o FGTS na compra de outro imóvel nos últimos 3 anos?',
      widget: 'radio',
      options: YES_NO,
    },
  },
  fgts_address: {
    cep: {
      label: 'CEP do imóvel',
      widget: 'cep',
      placeholder: '00000-000',
      editingHelp: 'Ao informar o CEP, preenchemos o endereço para você.',
    },
    street: { label: 'Logradouro (rua, avenida…)', widget: 'text', maxLength: 200 },
    nonumber: { label: 'O endereço não tem número', widget: 'switch' },
    number: { label: 'Número', widget: 'text', maxLength: 20 },
    nocomplement: { label: 'O endereço não tem complemento', widget: 'switch' },
    complement: { label: 'Complemento', widget: 'text', maxLength: 100, placeholder: 'Apto, bloco, casa…' },
    district: { label: 'Bairro', widget: 'text', maxLength: 100 },
    city: { label: 'Cidade', widget: 'text', maxLength: 100 },
    state: { label: 'UF', widget: 'select', options: UF_OPTIONS },
    occupation: { label: 'Sua ocupação atual', widget: 'select', options: options(OCCUPATION_LABELS) },
    name_occupation: { label: 'Empresa, órgão ou atividade onde trabalha', widget: 'text', maxLength: 120 },
    state_occupation: { label: 'UF onde trabalha', widget: 'select', options: UF_OPTIONS },
    city_occupation: { label: 'Cidade onde trabalha', widget: 'text', maxLength: 100 },
    same_city_work: { label: 'O imóvel fica no município (ou região metropolitana) onde trabalho', widget: 'switch' },
    state_live: { label: 'UF onde mora', widget: 'select', options: UF_OPTIONS },
    city_live: { label: 'Cidade onde mora', widget: 'text', maxLength: 100 },
    same_city_living: { label: 'O imóvel fica no município (ou região metropolitana) onde moro', widget: 'switch' },
    same_city_living_year: { label: 'Moro nesse município há mais de 1 ano', widget: 'switch' },
    intent_housing: {
      label: 'O imóvel será a minha moradia',
      widget: 'switch',
      help: 'O FGTS só pode ser usado na compra de imóvel residencial para moradia própria.',
    },
  },
  fgts_civil_status: {
    civil_status: { label: 'Estado civil', widget: 'select', options: options(CIVIL_STATUS_LABELS) },
    stable_union: { label: 'Vive em união estável?', widget: 'switch' },
    marriage_regime: { label: 'Regime de bens', widget: 'select', options: options(MARRIAGE_REGIME_LABELS) },
    marriage_date: { label: 'Data do casamento ou do início da união', widget: 'date', placeholder: 'DD/MM/AAAA' },
    spouse_name: { label: 'Nome do cônjuge ou companheiro(a)', widget: 'text', maxLength: 120 },
    spouse_cpf: { label: 'CPF do cônjuge ou companheiro(a)', widget: 'cpf' },
    spouse_uses_fgts: { label: 'O cônjuge ou companheiro(a) também vai usar o FGTS nesta compra', widget: 'switch' },
  },
  fgts_tax: {
    declares_income_tax: {
      label: 'Você declarou Imposto de Renda (IRPF) no último exercício?',
      widget: 'radio',
      options: YES_NO,
    },
    tax_year: {
      label: 'Exercício da declaração (ano)',
      widget: 'digits',
      maxLength: 4,
      placeholder: String(new Date().getFullYear()),
    },
    receipt_number: {
      label: 'Número do recibo de entrega',
      widget: 'digits',
      maxLength: 20,
      help: 'Está na primeira página do recibo da declaração.',
    },
    exempt_declaration: { label: 'Declaro que sou isento(a) da declaração do Imposto de Renda', widget: 'switch' },
  },
  fgts_authorization: {
    pis_pasep: {
      label: 'PIS/PASEP',
      widget: 'pis',
      placeholder: '000.00000.00-0',
      help: 'Está na carteira de trabalho, no aplicativo FGTS ou no extrato do FGTS.',
    },
    accounts: {
      label: 'Contas do FGTS a usar',
      widget: 'list',
      itemLabel: 'Conta',
      addLabel: 'Adicionar conta',
      minRows: 1,
      help: 'Uma linha por conta vinculada (cada emprego tem a sua), como no extrato do FGTS.',
      fields: {
        employee: { label: 'Empregador', widget: 'text', maxLength: 120 },
        account: { label: 'Número da conta vinculada', widget: 'digits', maxLength: 24, account: true },
        amount: {
          label: 'Valor a usar (R$)',
          widget: 'money',
          placeholder: '0,00',
          help: 'Deixe em branco se for usar o saldo total.',
        },
      },
    },
    full_amount: { label: 'Usar o saldo total das contas', widget: 'switch' },
    has_company: {
      label: 'Informar a empresa onde trabalho atualmente',
      widget: 'switch',
      help: 'A empresa empregadora atual, se houver: ela também aparece no formulário.',
    },
    company: {
      label: 'Empresa empregadora atual',
      widget: 'group',
      fields: {
        name: { label: 'Razão social', widget: 'text', maxLength: 120 },
        cnpj: { label: 'CNPJ', widget: 'cnpj', placeholder: '00.000.000/0000-00' },
        street: { label: 'Logradouro', widget: 'text', maxLength: 200 },
        number: { label: 'Número', widget: 'text', maxLength: 20 },
        complement: { label: 'Complemento (opcional)', widget: 'text', maxLength: 100 },
        district: { label: 'Bairro', widget: 'text', maxLength: 100 },
        city: { label: 'Cidade', widget: 'text', maxLength: 100 },
        state: { label: 'UF', widget: 'select', options: UF_OPTIONS },
      },
    },
  },
  fgts_review: {
    confirmed: { label: 'Confirmo que as informações do FGTS estão corretas', widget: 'switch' },
  },
};
