import { z } from 'zod';
import { hasOnlyDigitsAndSeparators, maskDigitsOrKeep, onlyDigits } from './digits';

/**
 * PIS/PASEP/NIT (the worker's number on the FGTS accounts): 11 digits, the last a mod-11 check
 * digit of the first ten with weights 3,2,9,8,7,6,5,4,3,2 (a result of 10 or 11 becomes 0).
 */
const WEIGHTS = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

function pisDigit(tenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * WEIGHTS[i]!;
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

/** True when the 11 digits form a valid PIS/PASEP; only the mask's separators may surround them. */
export function isValidPis(value: string): boolean {
  if (!hasOnlyDigitsAndSeparators(value.trim())) return false;
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return pisDigit(d.slice(0, 10)) === Number(d[10]);
}

/** 12056412545 -> 120.56412.54-5 (partial input is masked as far as it goes). */
export function formatPis(value: string): string {
  return maskDigitsOrKeep(value, (digits) =>
    digits
      .slice(0, 11)
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{5})(\d)/, '$1.$2.$3')
      .replace(/^(\d{3})\.(\d{5})\.(\d{2})(\d)/, '$1.$2.$3-$4'),
  );
}

/** Builds a valid PIS from 10 digits (tests and demo data). */
export function completePis(tenDigits: string): string {
  return `${tenDigits}${pisDigit(tenDigits)}`;
}

/** Field builder: accepts the masked or bare number, stores the 11 digits. */
export const pis = () =>
  z.string().trim().min(1).refine(isValidPis, { error: 'Insira um PIS/PASEP válido' }).transform(onlyDigits);
