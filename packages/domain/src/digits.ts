/** Keeps only the digits 0-9 of a string. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}
