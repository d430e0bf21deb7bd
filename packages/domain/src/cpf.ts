import { hasOnlyDigitsAndSeparators, maskDigitsOrKeep, onlyDigits } from './digits';

/** Check digit of a CPF prefix (mod 11, weights descending from prefix length + 1). */
function cpfDigit(prefix: string): number {
  let sum = 0;
  for (let i = 0; i < prefix.length; i++) sum += Number(prefix[i]) * (prefix.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * True when the 11 digits form a valid CPF; the mask's separators are allowed, any other
 * character is refused, and so are repeated digits.
 */
export function isValidCpf(value: string): boolean {
  if (!hasOnlyDigitsAndSeparators(value.trim())) return false;
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return cpfDigit(d.slice(0, 9)) === Number(d[9]) && cpfDigit(d.slice(0, 10)) === Number(d[10]);
}

/**
 * 52998224725 -> 529.982.247-25 (partial input is masked as far as it goes; input with a
 * character a CPF cannot hold is left as typed so that the field shows its error).
 */
export function formatCpf(value: string): string {
  return maskDigitsOrKeep(value, (digits) =>
    digits
      .slice(0, 11)
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2'),
  );
}

/** Shows only the middle of a CPF: ***.982.247-** (for screens that need not reveal it). */
export function maskCpf(value: string): string {
  const f = formatCpf(value);
  return f.length === 14 ? `***.${f.slice(4, 11)}-**` : f;
}

/** Builds a valid CPF from 9 digits (used by tests and demo data). */
export function completeCpf(nineDigits: string): string {
  const first = cpfDigit(nineDigits);
  const second = cpfDigit(nineDigits + first);
  return `${nineDigits}${first}${second}`;
}
