/**
 * CNPJ, numeric and the alphanumeric format in force from July 2026 (IN RFB 2.229/2024):
 * the first 12 positions may be 0-9 or A-Z, the two check digits stay numeric. Each character
 * is worth its ASCII code minus 48, so digits keep their value and 'A' is 17.
 */
const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Upper-cases and keeps only 0-9 and A-Z. */
export function normalizeCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Letters, digits and the mask's separators ('.', '/', '-', spaces); anything else is refused. */
function hasOnlyCnpjCharacters(value: string): boolean {
  return /^[0-9A-Za-z\s./-]*$/.test(value);
}

function cnpjDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  if (!hasOnlyCnpjCharacters(value.trim())) return false;
  const c = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c) || /^(\d)\1{13}$/.test(c)) return false;
  const first = cnpjDigit(c.slice(0, 12), WEIGHTS_1);
  const second = cnpjDigit(c.slice(0, 12) + first, WEIGHTS_2);
  return first === Number(c[12]) && second === Number(c[13]);
}

/**
 * 11222333000181 -> 11.222.333/0001-81 (partial input is masked as far as it goes; input with a
 * character a CNPJ cannot hold is left as typed so that the field shows its error).
 */
export function formatCnpj(value: string): string {
  if (!hasOnlyCnpjCharacters(value)) return value;
  const c = normalizeCnpj(value).slice(0, 14);
  return c
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/\.(\w{3})(\w)/, '.$1/$2')
    .replace(/(\w{4})(\w{1,2})$/, '$1-$2');
}

/** Completes 12 base characters with their two check digits. */
export function completeCnpj(base12: string): string {
  const b = normalizeCnpj(base12);
  const first = cnpjDigit(b, WEIGHTS_1);
  return `${b}${first}${cnpjDigit(b + first, WEIGHTS_2)}`;
}
