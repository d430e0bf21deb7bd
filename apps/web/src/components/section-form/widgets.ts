import { formatCep } from '@portal/domain/cep';
import { formatCnpj } from '@portal/domain/cnpj';
import { formatCpf } from '@portal/domain/cpf';
import { formatBrDate, maskBrDate } from '@portal/domain/dates';
import { centsToInput, maskMoneyInput } from '@portal/domain/money';
import { formatPhone } from '@portal/domain/phone';
import { UFS } from '@portal/domain/fields';

/** The widget types the field renderer knows; each brings its mask and its display format. */
export type Widget = 'text' | 'email' | 'cpf' | 'cpf-or-cnpj' | 'phone' | 'cep' | 'date' | 'money' | 'percent' | 'digits' | 'select' | 'radio' | 'switch';

export interface FieldUi {
  label: string;
  widget: Widget;
  help?: string;
  placeholder?: string;
  autoComplete?: string;
  options?: { value: string; label: string }[];
  /** Locked fields come from the proposal (e.g. the CPF the operator registered). */
  readOnly?: boolean;
  maxLength?: number;
}

/** Select/radio options from a label map of packages/domain. */
export const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
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
};

/** Stored (canonical) value -> what the input shows. */
export function toInput(widget: Widget, value: unknown, context: Record<string, unknown> = {}): unknown {
  if (value === undefined || value === null) return widget === 'switch' ? false : '';
  switch (widget) {
    case 'cpf':
      return formatCpf(String(value));
    case 'cpf-or-cnpj':
      return context.attorney_type === 'company' ? formatCnpj(String(value)) : formatCpf(String(value));
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

