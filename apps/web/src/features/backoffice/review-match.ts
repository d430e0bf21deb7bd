import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import { formatCpf } from '@portal/domain/cpf';
import type { DocumentItem } from '@portal/domain/documents-views';
import { fieldLabel, formatFieldValue } from '@portal/domain/field-labels';
import { buyerLabel } from './format';

/** One group of the data a document must match, as label/value rows. */
export interface MatchGroup {
  title: string;
  rows: { label: string; value: string }[];
}

const ADDRESS = ['cep', 'address', 'number', 'complement', 'district', 'city', 'state'];
const NOT_FILLED = 'não preenchido';

/** The stored values of a section (per buyer or not), or null. */
function valuesOf(view: BackofficeProposalView, key: string, buyer: number | null = null) {
  return view.sections.find((s) => s.key === key && s.buyer === buyer)?.values ?? null;
}

/** Label/value rows of the given fields of a section's values, in the order asked. */
function rowsOf(values: Record<string, unknown> | null, keys: string[]) {
  if (!values) return [];
  return keys
    .filter((k) => values[k] !== undefined && values[k] !== null && values[k] !== '')
    .map((k) => ({ label: fieldLabel(k), value: formatFieldValue(k, values[k]) }));
}

/** A buyer as the documents name them: the party's name and CPF, the civil status they declared. */
function buyerGroup(view: BackofficeProposalView, position: number, extra: string[] = []): MatchGroup | null {
  const member = view.members.find((m) => m.role === 'buyer' && m.position === position);
  if (!member) return null;
  const data = valuesOf(view, 'data', position);
  return {
    title: `${buyerLabel(position)} — ${member.name}`,
    rows: [
      { label: 'Nome', value: member.name },
      { label: 'CPF', value: member.cpf ? formatCpf(member.cpf) : NOT_FILLED },
      ...(data ? rowsOf(data, ['civil_status', ...extra]) : [{ label: 'Dados gerais', value: NOT_FILLED }]),
    ],
  };
}

/** The buyer's address, or the main buyer's when the second declared the same one. */
function addressGroup(view: BackofficeProposalView, position: number): MatchGroup {
  let values = valuesOf(view, 'address', position);
  if (position === 1 && values?.same_main_buyer_address === true) values = valuesOf(view, 'address', 0);
  const rows = rowsOf(values, ADDRESS);
  return { title: 'Endereço declarado', rows: rows.length ? rows : [{ label: 'Endereço', value: NOT_FILLED }] };
}

function propertyGroups(view: BackofficeProposalView): MatchGroup[] {
  const registry = rowsOf(valuesOf(view, 'seller-property-registry'), [
    'registration_number',
    'registry_office',
    'registry_city',
    'registry_state',
    'municipal_registration',
  ]);
  const address = rowsOf(valuesOf(view, 'seller-property'), ADDRESS);
  return [
    {
      title: 'Registro do imóvel',
      rows: registry.length ? registry : [{ label: 'Matrícula', value: 'o vendedor ainda não informou' }],
    },
    {
      title: 'Endereço do imóvel',
      rows: address.length
        ? address
        : [
            {
              label: 'Cidade/UF',
              value: `${view.proposal.property.city}/${view.proposal.property.uf}`,
            },
          ],
    },
    ...sellerGroups(view),
  ];
}

function sellerGroups(view: BackofficeProposalView): MatchGroup[] {
  const seller = view.members.find((m) => m.role === 'seller');
  const data = valuesOf(view, 'seller-general-data');
  if (!seller && !data) return [{ title: 'Vendedor', rows: [{ label: 'Vendedor', value: 'ainda não convidado' }] }];
  return [
    {
      title: 'Vendedor (proprietário)',
      rows: data
        ? rowsOf(data, ['name', 'cpf', 'cnpj', 'civil_status'])
        : [
            { label: 'Nome', value: seller!.name },
            { label: 'CPF', value: seller!.cpf ? formatCpf(seller!.cpf) : NOT_FILLED },
          ],
    },
  ];
}

/**
 * What an operator compares a document with: the buyer's name, CPF and civil status for the
 * buyer's own documents (plus the address for a proof of address, the income for the income tax,
 * the attorney for a power of attorney); both buyers' civil status for the marriage certificate;
 * the property's registration, address and owner for the registration and the IPTU.
 */
export function matchGroupsFor(item: Pick<DocumentItem, 'key' | 'buyer'>, view: BackofficeProposalView): MatchGroup[] {
  const key = item.key;
  if (key === 'property_registration' || key === 'iptu_current_year') return propertyGroups(view);
  if (key === 'sellers_form') return sellerGroups(view);
  if (key === 'marriage_lines')
    return [0, 1]
      .map((b) => buyerGroup(view, b, ['marriage_date', 'marriage_regime']))
      .filter((g): g is MatchGroup => g !== null);
  const position = item.buyer ?? 0;
  const extra = key.startsWith('income_tax')
    ? ['income', 'occupation']
    : key.startsWith('occupation')
      ? ['occupation']
      : key.startsWith('represented')
        ? ['name_attorney', 'cpf_attorney']
        : [];
  const groups = [buyerGroup(view, position, extra)].filter((g): g is MatchGroup => g !== null);
  if (key.startsWith('proof_of_address')) groups.push(addressGroup(view, position));
  return groups;
}
