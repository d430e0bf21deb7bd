/**
 * The buyer's sequence of screens for one proposal: each buyer's data, address and document, then
 * the proposal's investment and seller form. `buyer` in URLs counts from 1 (docs/product/routes-and-guards.md: buyer=0
 * means "not a buyer"); the API counts positions from 0.
 */
export interface FlowStep {
  section: 'data' | 'address' | 'document' | 'investment' | 'seller';
  path: string;
  /** API position (0 main, 1 second), null for proposal-wide steps. */
  buyer: number | null;
  title: string;
}

const BUYER_STEPS = [
  { section: 'data', path: '/buyer/data', title: 'Dados gerais' },
  { section: 'address', path: '/buyer/address', title: 'Endereço' },
  { section: 'document', path: '/buyer/document-registration', title: 'Documento' },
] as const;

export function buildFlow(buyers: number): FlowStep[] {
  const steps: FlowStep[] = [];
  for (let b = 0; b < buyers; b++) {
    for (const s of BUYER_STEPS)
      steps.push({ ...s, buyer: b, title: buyers > 1 ? `${s.title} — ${b + 1}º comprador` : s.title });
  }
  steps.push({ section: 'investment', path: '/buyer/investment', buyer: null, title: 'Investimento' });
  steps.push({ section: 'seller', path: '/buyer/seller-form', buyer: null, title: 'Vendedor' });
  return steps;
}

export function stepUrl(step: FlowStep): string {
  return step.buyer === null ? step.path : `${step.path}?buyer=${step.buyer + 1}`;
}

/** The ?buyer= of a URL as an API position; absent means the main buyer. */
export function buyerFromSearch(search: URLSearchParams): number {
  const n = Number(search.get('buyer') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 2 ? n - 1 : 0;
}
