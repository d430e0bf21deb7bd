/**
 * Answers the FGTS API tests share: a buyer who passes every eligibility question, a property
 * address form that passes its rules, and a seller's property answers with nothing to declare.
 */
export const ELIGIBLE = {
  uses_fgts: 'yes',
  contribution_years: 'yes',
  works_or_lives_in_city: 'yes',
  owns_home_in_city: 'no',
  active_sfh_financing: 'no',
  used_fgts_last_3_years: 'no',
};
export const ADDRESS = {
  cep: '04538-132',
  street: 'Rua Tabapuã',
  number: '',
  nonumber: true,
  complement: 'Apto 31',
  nocomplement: false,
  district: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
  occupation: 'employee',
  name_occupation: 'Construtora Horizonte Ltda.',
  state_occupation: 'SP',
  city_occupation: 'São Paulo',
  same_city_work: true,
  state_live: 'SP',
  city_live: 'São Paulo',
  same_city_living: true,
  same_city_living_year: true,
  intent_housing: true,
};
export const SELLER_QUESTIONS = {
  has_liens: 'no',
  has_lawsuits: 'no',
  iptu_debts: 'no',
  unregistered_works: 'no',
  is_condominium: 'no',
};
