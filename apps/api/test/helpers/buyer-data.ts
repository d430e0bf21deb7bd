/**
 * The second buyer's (compradora's) general data on the two-buyer demo proposal, every answer
 * valid; the CPF is the one the proposal holds. No imports: the system tests use it too.
 */
export const SECOND_BUYER_DATA = {
  name: 'Mariana Alves Souza',
  email: 'compradora@demo.com.br',
  phone: '(11) 97654-3210',
  birth_date: '21/07/1988',
  civil_status: 'married',
  marriage_date: '20/09/2014',
  marriage_regime: 'partial_communion',
  occupation: 'Arquiteta',
  registered_employees: true,
  income: '9.800,00',
  represented: false,
};

/** A valid investment form of the two-buyer proposal (a proposal-wide section). */
export const INVESTMENT_DATA = {
  agency: '1234',
  account: '12345-6',
  authorize_debit: true,
  embed_tariffs: false,
  first_buyer_percent: '60',
  second_buyer_percent: '40',
  sfh: false,
};
