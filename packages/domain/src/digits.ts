/** Keeps only the digits 0-9 of a string. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * True when an identifier as typed holds only digits and the usual separators of its mask
 * ('.', '-', '/' and spaces). Anything else (letters, '#', 'x', …) means the person typed
 * something that is not the number, so the value is refused instead of silently cleaned.
 * See docs/decisions/019-strict-identifiers.md.
 */
export function hasOnlyDigitsAndSeparators(value: string): boolean {
  return /^[\d\s./-]*$/.test(value);
}

/**
 * Masks applied while typing: a value holding any character the mask does not know is left as
 * typed, so the field shows its error instead of the mask hiding what was typed.
 */
export function maskDigitsOrKeep(value: string, mask: (digits: string) => string): string {
  return hasOnlyDigitsAndSeparators(value) ? mask(onlyDigits(value)) : value;
}

/**
 * A bank account number as it is shown back to people: only its last three digits, the check
 * digit after a hyphen ('98765-4' → '•••65-4'). The full number stays in the stored answers and
 * in the form where it is typed.
 */
export function maskAccountNumber(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length <= 3) return '•••';
  const tail = digits.slice(-3);
  return `•••${tail.slice(0, 2)}-${tail.slice(2)}`;
}
