import type { Values } from './section';

/**
 * Fields a later form asks again, filled in advance from what was already given (docs/product/forms.md
 * "Asked once"), still editable: the birth date on the identity document, where the buyer lives and
 * the civil status on the FGTS forms, and the occupation there when the buyer said they work with
 * a signed work card (from the same buyer's earlier answers); the property's address
 * on the seller's property form (from the proposal the team opened, then the main buyer's FGTS
 * address); the seller's name, e-mail and phone on the seller's forms (from the buyer's seller form,
 * then the seller's own general data). The form says where the values came from.
 *
 * A source is a section key, or PROPOSAL_PROPERTY for the property as the proposal was opened (CEP,
 * state, city). For a form of one buyer, a per-buyer source is that buyer's; for the seller's forms,
 * the main buyer's. When two sources give the same field, the first one with an answer wins.
 */
interface Source {
  section: string;
  field: string;
  /** The earlier answer in the later form's terms (undefined: it says nothing there). */
  map?: (value: unknown) => unknown;
}

/** The pseudo-section of the property's CEP, state and city as the proposal was opened. */
export const PROPOSAL_PROPERTY = 'proposal-property';
/** How the form names that source. */
export const PROPOSAL_PROPERTY_TITLE = 'Dados da proposta';
/** How the seller's forms name what came from the buyers' screens. */
export const PREFILLED_BY_BUYER = 'Dados informados pelo comprador';

const PROPERTY_ADDRESS: Readonly<Record<string, readonly Source[]>> = {
  cep: [
    { section: PROPOSAL_PROPERTY, field: 'cep' },
    { section: 'fgts_address', field: 'cep' },
  ],
  state: [
    { section: PROPOSAL_PROPERTY, field: 'state' },
    { section: 'fgts_address', field: 'state' },
  ],
  city: [
    { section: PROPOSAL_PROPERTY, field: 'city' },
    { section: 'fgts_address', field: 'city' },
  ],
  address: [{ section: 'fgts_address', field: 'street' }],
  number: [{ section: 'fgts_address', field: 'number' }],
  complement: [{ section: 'fgts_address', field: 'complement' }],
  district: [{ section: 'fgts_address', field: 'district' }],
};
export const PREFILL_RULES: Readonly<Record<string, Readonly<Record<string, Source | readonly Source[]>>>> = {
  document: { birth_date_document: { section: 'data', field: 'birth_date' } },
  fgts_address: {
    cep: { section: PROPOSAL_PROPERTY, field: 'cep' },
    state: { section: PROPOSAL_PROPERTY, field: 'state' },
    city: { section: PROPOSAL_PROPERTY, field: 'city' },
    state_live: { section: 'address', field: 'state' },
    city_live: { section: 'address', field: 'city' },
    // "Trabalha com carteira assinada (CLT)?" Sim is an employee; Não leaves the kind to choose.
    occupation: {
      section: 'data',
      field: 'registered_employees',
      map: (v: unknown) => (v === true ? 'employee' : undefined),
    },
  },
  fgts_civil_status: {
    civil_status: { section: 'data', field: 'civil_status' },
    stable_union: { section: 'data', field: 'marriage_union' },
    marriage_date: { section: 'data', field: 'marriage_date' },
    marriage_regime: { section: 'data', field: 'marriage_regime' },
  },
  'seller-property': PROPERTY_ADDRESS,
  'seller-general-data': {
    name: { section: 'seller', field: 'sellerName' },
    email: { section: 'seller', field: 'sellerEmail' },
    phone: { section: 'seller', field: 'sellerPhone' },
  },
  'seller-property-contact': {
    contact_phone: [
      { section: 'seller-general-data', field: 'phone' },
      { section: 'seller', field: 'sellerPhone' },
    ],
  },
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The values to prefill a section with, from the same buyer's submitted sections (`read`), and the
 * keys of the sections they came from, in rule order. Nothing for a section without rules, and
 * nothing from an empty answer.
 */
export function prefillFromAnswers(
  sectionKey: string,
  read: (section: string) => Values | null,
): { values: Values; from: string[] } {
  const rules = PREFILL_RULES[sectionKey] ?? {};
  const values: Values = {};
  const from: string[] = [];
  for (const [field, sources] of Object.entries(rules)) {
    for (const source of Array.isArray(sources) ? sources : [sources as Source]) {
      const answer = read(source.section)?.[source.field];
      const value = source.map ? source.map(answer) : answer;
      if (isEmpty(value)) continue;
      values[field] = value;
      if (!from.includes(source.section)) from.push(source.section);
      break;
    }
  }
  return { values, from };
}
