import { formatDecimal } from './numbers';

/**
 * Money is stored as integer centavos and shown as R$ 1.234,56, or -R$ 0,05 (a normal space after
 * R$, which matches typed text).
 */
export function formatMoney(cents: number): string {
  const reais = formatDecimal(cents / 100, 2, 2);
  return reais.startsWith('-') ? `-R$ ${reais.slice(1)}` : `R$ ${reais}`;
}

/**
 * Parses what a person types ('R$ 1.234,56', '1234,5', '1.234') into centavos.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const t = text.replace(/R\$/i, '').replace(/\s|\u00a0/g, '');
  if (!/^(\d{1,3}(\.\d{3})*|\d+)(,\d{1,2})?$/.test(t)) return null;
  const [int, dec = ''] = t.replace(/\./g, '').split(',');
  const cents = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Typing mask for amounts: the digits are centavos, '1250000' -> '12.500,00'; '' stays ''. */
export function maskMoneyInput(value: string): string {
  const digits = value
    .replace(/\D+/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 13);
  if (!digits) return '';
  return formatMoney(Number(digits)).replace(/^R\$\s?/, '');
}

/** centavos -> '12.500,00' (the input's display, without the currency sign). */
export function centsToInput(cents: number): string {
  return formatMoney(cents).replace(/^R\$\s?/, '');
}
