import { onlyDigits } from './digits';

export function isValidCep(value: string): boolean {
  return /^\d{5}-?\d{3}$/.test(value.trim()) && onlyDigits(value) !== '00000000';
}

/** 01310100 -> 01310-100 */
export function formatCep(value: string): string {
  return onlyDigits(value)
    .slice(0, 8)
    .replace(/^(\d{5})(\d)/, '$1-$2');
}
