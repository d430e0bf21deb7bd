import { formatCep } from '@portal/domain/cep';
import { formatCnpj } from '@portal/domain/cnpj';
import { formatCpf } from '@portal/domain/cpf';
import { formatBrDate, maskBrDate } from '@portal/domain/dates';
import { centsToInput, maskMoneyInput } from '@portal/domain/money';
import { formatPhone } from '@portal/domain/phone';
import { formatPis } from '@portal/domain/pis';
import { UFS } from '@portal/domain/fields';

/** The widget types the field renderer knows; each brings its mask and its display format. */
export type Widget =
  | 'text'
  | 'email'
  | 'cpf'
  | 'cpf-or-cnpj'
  | 'phone'
  | 'cep'
  | 'date'
  | 'money'
  | 'percent'
  | 'digits'
  | 'select'
  | 'radio'
  | 'switch'
  | 'cnpj'
  | 'document'
  | 'area'
  | 'textarea'
  | 'pis'
  | 'list'
  | 'group';

export interface FieldUi {
  label: string;
  widget: Widget;
  help?: string;
  /** Help about typing the value (e.g. the CEP filling the address): hidden while the form is read-only. */
  editingHelp?: string;
  placeholder?: string;
  autoComplete?: string;
  options?: { value: string; label: string }[];
  /** Locked fields come from the proposal (e.g. the CPF the operator registered). */
  readOnly?: boolean;
  maxLength?: number;
  /** A bank account number: typed whole, shown back masked (last digits only). */
  account?: boolean;
  /** 'list' (rows of a z.array) and 'group' (a z.object block): the fields of a row or of the block. */
  fields?: Record<string, FieldUi>;
  /** 'list': what one row is called ("Conta"), the add button's text, the fewest rows kept. */
  itemLabel?: string;
  addLabel?: string;
  minRows?: number;
}

/** Select/radio options from a label map of packages/domain. */
export const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
export const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/** Typing masks by widget. */
export const MASKS: Partial<Record<Widget, (value: string) => string>> = {
  cpf: formatCpf,
  phone: formatPhone,
  cep: formatCep,
  date: maskBrDate,
  money: maskMoneyInput,
  digits: (v) => v.replace(/[^\dXx-]/g, ''),
  percent: (v) => v.replace(/[^\d,.]/g, '').slice(0, 6),
  cnpj: formatCnpj,
  pis: formatPis,
  document: maskDocument,
  area: (v) => v.replace(/[^\d,.]/g, '').slice(0, 10),
};

/** A CPF or a CNPJ in one input: masked as a CPF up to 11 digits, as a CNPJ beyond (or with letters). */
export function maskDocument(value: string): string {
  // A character neither number can hold is left as typed, so the field shows its error.
  if (!/^[0-9A-Za-z\s./-]*$/.test(value)) return value;
  const raw = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return raw.length > 11 || /[A-Z]/.test(raw) ? formatCnpj(raw) : formatCpf(raw);
}

/** Stored (canonical) value -> what the input shows. */
export function toInput(widget: Widget, value: unknown, context: Record<string, unknown> = {}): unknown {
  if (value === undefined || value === null) return widget === 'switch' ? false : '';
  switch (widget) {
    case 'cpf':
      return formatCpf(String(value));
    case 'cpf-or-cnpj':
      return context.attorney_type === 'company' ? formatCnpj(String(value)) : formatCpf(String(value));
    case 'cnpj':
      return formatCnpj(String(value));
    case 'pis':
      return formatPis(String(value));
    case 'document':
      return maskDocument(String(value));
    case 'area':
      return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
    case 'phone':
      return formatPhone(String(value));
    case 'cep':
      return formatCep(String(value));
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? formatBrDate(String(value)) : String(value);
    case 'money':
      return typeof value === 'number' ? centsToInput(value) : String(value);
    case 'percent':
      return String(value);
    default:
      return value;
  }
}

/** An empty row or block of a 'list' or 'group' field: switches off, inputs blank. */
export function emptyValues(fields: Record<string, FieldUi> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, ui]) => [
      k,
      ui.widget === 'switch' ? false : ui.widget === 'list' ? [] : ui.widget === 'group' ? emptyValues(ui.fields) : '',
    ]),
  );
}

/** Stored (canonical) value -> what the form holds, rows and blocks included. */
export function toFormValue(ui: FieldUi | undefined, value: unknown, context: Record<string, unknown> = {}): unknown {
  const widget = ui?.widget ?? 'text';
  if (widget === 'list') {
    return Array.isArray(value) ? value.map((row) => toFormBlock(ui?.fields, row)) : [];
  }
  if (widget === 'group') return toFormBlock(ui?.fields, value);
  return widget === 'radio' || widget === 'select' ? value : toInput(widget, value, context);
}

function toFormBlock(fields: Record<string, FieldUi> = {}, value: unknown): Record<string, unknown> {
  const row = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(fields).map(([k, ui]) => [k, toFormValue(ui, row[k], row)]));
}
