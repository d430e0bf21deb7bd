import { fieldLabel, formatFieldValue } from '@portal/domain/field-labels';
import type { FormDocument, FormRow } from '../../pdf/form-pdf';

type V = Record<string, unknown>;

/** What the seller's registration form shows, in the order a bank's form asks it. */
const PERSON_FIELDS = [
  'person_type',
  'name',
  'cpf',
  'cnpj',
  'representative_name',
  'representative_cpf',
  'email',
  'phone',
  'civil_status',
  'marriage_union',
  'marriage_regime',
  'spouse_name',
  'spouse_cpf',
] as const;
const ADDRESS_FIELDS = ['cep', 'address', 'number', 'complement', 'district', 'city', 'state'] as const;
const PROPERTY_FIELDS = [...ADDRESS_FIELDS, 'private_area', 'occupancy'] as const;

/** A blank to fill by hand where the portal has no answer yet. */
const BLANK = '______________________________';

function rows(fields: readonly string[], values: V, skip: (field: string) => boolean = () => false): FormRow[] {
  return fields
    .filter((f) => !skip(f))
    .map((f): FormRow => {
      const v = values[f];
      return [fieldLabel(f), v === undefined || v === null || v === '' ? BLANK : formatFieldValue(f, v)];
    });
}

/**
 * The seller's registration form ("Ficha cadastral do vendedor"), filled with what the seller gave
 * on the portal (submitted or draft; what the buyer gave of the seller's contact where the seller
 * has not yet), with blanks to fill by hand, a declaration and the signature lines. Printed,
 * signed and sent back as the checklist item `sellers_form` (docs/product/documents.md).
 */
export function sellerFormDocument(input: {
  proposalCode: string;
  general: V;
  address: V;
  property: V;
  generatedAt: Date;
}): FormDocument {
  const company = input.general.person_type === 'company';
  const married = ['married'].includes(String(input.general.civil_status)) || input.general.marriage_union === true;
  const skipPerson = (f: string) =>
    company
      ? ['cpf', 'civil_status', 'marriage_union', 'marriage_regime', 'spouse_name', 'spouse_cpf'].includes(f)
      : ['cnpj', 'representative_name', 'representative_cpf'].includes(f) ||
        (!married && ['marriage_regime', 'spouse_name', 'spouse_cpf'].includes(f));
  const date = input.generatedAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return {
    title: 'Ficha cadastral do vendedor',
    subtitle: `Proposta ${input.proposalCode} — preenchida pelo Portal de Propostas em ${date}`,
    blocks: [
      {
        kind: 'paragraph',
        text: 'Confira os dados abaixo, complete à mão o que estiver em branco, assine e envie a ficha digitalizada no portal, em "Envio de documentos".',
        muted: true,
      },
      { kind: 'heading', text: company ? 'Vendedor (pessoa jurídica)' : 'Vendedor' },
      { kind: 'fields', rows: rows(PERSON_FIELDS, input.general, skipPerson) },
      { kind: 'heading', text: company ? 'Endereço da sede' : 'Endereço do vendedor' },
      { kind: 'fields', rows: rows(ADDRESS_FIELDS, input.address) },
      { kind: 'heading', text: 'Imóvel vendido' },
      { kind: 'fields', rows: rows(PROPERTY_FIELDS, input.property) },
      {
        kind: 'paragraph',
        text: 'Declaro, sob as penas da lei, que as informações acima são verdadeiras e autorizo o seu uso na análise desta proposta de financiamento.',
      },
      {
        kind: 'signatures',
        lines: company
          ? ['Local e data', 'Representante legal do vendedor']
          : married
            ? ['Local e data', 'Vendedor(a)', 'Cônjuge ou companheiro(a)']
            : ['Local e data', 'Vendedor(a)'],
      },
    ],
    footer: `Ficha cadastral do vendedor — proposta ${input.proposalCode}`,
    author: 'Portal de Propostas',
    subject: `Ficha cadastral do vendedor da proposta ${input.proposalCode}`,
    createdAt: input.generatedAt,
  };
}
