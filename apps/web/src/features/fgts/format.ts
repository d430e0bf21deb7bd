import { formatCep } from '@portal/domain/cep';
import { formatCnpj } from '@portal/domain/cnpj';
import { formatCpf } from '@portal/domain/cpf';
import { maskAccountNumber } from '@portal/domain/digits';
import { formatBrDate } from '@portal/domain/dates';
import { formatMoney } from '@portal/domain/money';
import { formatPis } from '@portal/domain/pis';
import type { FieldUi } from '../../components/section-form/widgets';

/** A stored value as the review shows it (scalar widgets; rows and blocks are laid out by the page). */
export function formatValue(ui: FieldUi, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (ui.account) return maskAccountNumber(String(value));
  switch (ui.widget) {
    case 'switch':
      return value === true ? 'Sim' : 'Não';
    case 'select':
    case 'radio':
      return ui.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'money':
      return typeof value === 'number' ? formatMoney(value) : String(value);
    case 'cpf':
      return formatCpf(String(value));
    case 'cnpj':
      return formatCnpj(String(value));
    case 'pis':
      return formatPis(String(value));
    case 'cep':
      return formatCep(String(value));
    case 'date':
      return formatBrDate(String(value));
    default:
      return String(value);
  }
}
