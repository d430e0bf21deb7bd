import { maskAccountNumber } from '@portal/domain/digits';
import { formatBrDate } from '@portal/domain/dates';
import { formatMoney } from '@portal/domain/money';
import { toInput, type FieldUi } from '../../components/section-form/widgets';

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
    case 'cnpj':
    case 'pis':
    case 'cep':
      // Shown as the form's input shows it.
      return String(toInput(ui.widget, value));
    case 'date':
      return formatBrDate(String(value));
    default:
      return String(value);
  }
}
