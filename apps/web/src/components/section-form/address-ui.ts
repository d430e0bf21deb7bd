import { UF_OPTIONS, type FieldUi } from './widgets';

/** A person's address as the buyer's and the seller's forms ask it (the CEP fills the rest). */
export const ADDRESS_FIELD_UI: Record<string, FieldUi> = {
  cep: {
    label: 'CEP',
    widget: 'cep',
    autoComplete: 'postal-code',
    placeholder: '00000-000',
    editingHelp: 'Ao informar o CEP, preenchemos o endereço para você.',
  },
  address: { label: 'Logradouro (rua, avenida…)', widget: 'text', autoComplete: 'address-line1' },
  number: { label: 'Número', widget: 'text', maxLength: 20 },
  complement: { label: 'Complemento (opcional)', widget: 'text', autoComplete: 'address-line2', maxLength: 100 },
  district: { label: 'Bairro', widget: 'text', autoComplete: 'address-level3' },
  city: { label: 'Cidade', widget: 'text', autoComplete: 'address-level2' },
  state: { label: 'UF', widget: 'select', options: UF_OPTIONS },
};
