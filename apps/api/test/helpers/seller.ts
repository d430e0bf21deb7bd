import { completeCpf } from '@portal/domain/cpf';
import { DEMO_PROPERTY_ADDRESS } from '../../src/seed/demo';

/** vendedor@demo.com.br's CPF in the demo data. */
export const SELLER_CPF = completeCpf('397214658');
export const SPOUSE_CPF = completeCpf('118229337');

/** A valid submission of every seller section, as a person types it (married seller, financed property). */
export const VALID_SELLER_SECTIONS: Record<string, Record<string, unknown>> = {
  'seller-general-data': {
    person_type: 'person',
    name: 'Roberto Lima Ferreira',
    cpf: SELLER_CPF,
    email: 'vendedor@demo.com.br',
    phone: '(11) 99123-4567',
    civil_status: 'married',
    marriage_regime: 'partial_communion',
    spouse_name: 'Lúcia Helena Ferreira',
    spouse_cpf: SPOUSE_CPF,
  },
  'seller-address': {
    cep: '04538-132',
    address: 'Rua Joaquim Floriano',
    number: '466',
    complement: 'Apto 81',
    district: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
  },
  'seller-property': {
    ...DEMO_PROPERTY_ADDRESS,
    private_area: '98,5',
    occupancy: 'vacant',
  },
  'seller-property-registry': {
    registry_office: '4º Oficial de Registro de Imóveis de São Paulo',
    registry_city: 'São Paulo',
    registry_state: 'SP',
    registration_number: '98.765',
    municipal_registration: '299.045.0123-4',
  },
  'seller-property-financing': {
    still_financed: 'yes',
    financing_bank: '104',
    outstanding_balance: '120.000,00',
    contract_number: '8.4444.0123456-7',
  },
  'seller-property-questions': {
    has_liens: 'no',
    has_lawsuits: 'no',
    iptu_debts: 'no',
    unregistered_works: 'no',
    is_condominium: 'yes',
    condo_debts: 'no',
    bought_with_fgts: 'no',
  },
  'seller-property-info': { iptu_annual: '3.120,00', condo_fee: '1.450,00', condo_manager: 'Lello Condomínios' },
  'seller-marital': { acquired_in_union: 'yes', spouse_signs: 'yes', pending_partition: 'no' },
  'seller-property-contact': {
    contact_person: 'other',
    contact_name: 'José Carlos (zelador)',
    contact_relation: 'Zelador',
    contact_phone: '(11) 3045-8899',
    best_period: 'morning',
  },
  'seller-amounts-receivable': {
    bank: '341',
    account_type: 'checking',
    agency: '0912',
    account: '45873-2',
    holder_name: 'Roberto Lima Ferreira',
    holder_document: SELLER_CPF,
    several_sellers: false,
    payoff: true,
    payoff_amount: '120.000,00',
  },
};
export const SELLER_KEYS = Object.keys(VALID_SELLER_SECTIONS);
