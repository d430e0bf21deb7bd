/**
 * The ?buyer= of a buyer URL counts from 1 (docs/product/routes-and-guards.md: buyer=0 means "not a buyer"); the API counts
 * positions from 0. Returns the API position, or null when the URL names no (valid) buyer.
 */
export function buyerPositionFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('buyer');
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 2 ? n - 1 : null;
}

/** The ?buyer= value for an API position. */
export const buyerParam = (position: number) => String(position + 1);
