import { onlyDigits } from './digits';

/** Valid Brazilian DDD area codes (Anatel). */
const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * The national number (DDD + subscriber digits) of a phone as typed: digits, spaces, '.', '-' and
 * parentheses are allowed, with an optional country code '+55' in front (as phones copy a contact);
 * any other character gives null. A leading '55' without '+' is the country code only when the
 * rest is a full national number, since 55 is also a DDD (Rio Grande do Sul).
 */
export function nationalPhone(value: string): string | null {
  const v = value.trim();
  const match = /^(\+\s*55)?([\d\s().-]*)$/.exec(v);
  if (!match) return null;
  const d = onlyDigits(match[2]!);
  if (!match[1] && d.length > 11 && d.startsWith('55')) return d.slice(2);
  return d;
}

/** Mobile: DDD + 9 + 8 digits. Landline: DDD + [2-5] + 7 digits. */
export function isValidPhone(value: string): boolean {
  const d = nationalPhone(value);
  if (d === null || !DDD.has(Number(d.slice(0, 2)))) return false;
  return /^\d{2}9\d{8}$/.test(d) || /^\d{2}[2-5]\d{7}$/.test(d);
}

/**
 * 11987654321 -> (11) 98765-4321; 1133334444 -> (11) 3333-4444; '+55 11 98765-4321' ->
 * (11) 98765-4321. While '+55…' is still being typed, and when a character a phone cannot hold
 * is typed, the value is left as typed (so that the field shows its error).
 */
export function formatPhone(value: string): string {
  const national = nationalPhone(value);
  if (national === null) return value;
  if (value.trim().startsWith('+') && national.length < 10) return value;
  const d = national.slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const local = d.slice(2);
  const split = local.length > 8 ? 5 : 4;
  const head = local.slice(0, split);
  const tail = local.slice(split);
  return `(${d.slice(0, 2)}) ${head}${tail ? `-${tail}` : ''}`;
}
