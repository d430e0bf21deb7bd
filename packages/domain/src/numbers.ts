/**
 * Brazilian number formatting without Intl: 1.234.567 for whole numbers, 1.234,5 with decimals
 * (money.ts writes R$ 1.234,56 with it).
 *
 * The first Intl formatter a page builds loads the locale's data from ICU: 15–20 ms on a server
 * core, four times that on a mid-range phone, paid during the page's first render. The pt-BR rules
 * are fixed (a dot between thousands, a comma before the decimals, halves rounded away from zero
 * on the shortest decimal that reads back as the number), so string work gives the same text as
 * Intl.NumberFormat('pt-BR'); numbers.test.ts compares the two on random values.
 */

/** Dots between groups of three digits: '1234567' → '1.234.567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The shortest decimal that reads back as the (non-negative) double, which is what ICU rounds,
 * written without an exponent: String() gives it, in exponent form below 1e-6 and from 1e21 on.
 */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const exponent = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const digits = exponent[1]! + (exponent[2] ?? '');
  const shift = Number(exponent[3]);
  return shift < 0 ? `0.${'0'.repeat(-shift - 1)}${digits}` : digits.padEnd(shift + 1, '0');
}

/**
 * At least `minDigits` and at most `maxDigits` decimals, trailing zeros past the minimum dropped:
 * (1234.56, 1) → '1.234,6'; (2, 1) → '2'; (2, 2, 2) → '2,00'; a negative number starts with '-'.
 */
export function formatDecimal(value: number, maxDigits: number, minDigits = 0): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : `${value < 0 ? '-' : ''}∞`;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole = '0', fraction = ''] = plainDecimal(Math.abs(value)).split('.');
  let scaled = BigInt(whole + fraction.slice(0, maxDigits).padEnd(maxDigits, '0'));
  if ((fraction[maxDigits] ?? '0') >= '5') scaled += BigInt(1);
  const unit = BigInt(10) ** BigInt(maxDigits);
  let decimals = (scaled % unit).toString().padStart(maxDigits, '0');
  while (decimals.length > minDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return sign + groupThousands((scaled / unit).toString()) + (decimals ? `,${decimals}` : '');
}

/** A whole number as pt-BR shows it: 1234567 → '1.234.567' (decimals rounded away). */
export function formatInteger(value: number): string {
  return formatDecimal(value, 0);
}
