import { describe, expect, it } from 'vitest';
import { DESKTOP, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

/** Keys of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

describe("a seller's browser gets only what the seller's screens use", () => {
  it('the proposals list and a proposal reach the seller without financing terms or buyer data, and the screens still show theirs', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    const received: unknown[] = [];
    page.on('response', (res) => {
      if (/\/api\/v3\/proposals(\/[^/]+)?$/.test(new URL(res.url()).pathname))
        received.push(res.json().catch(() => null));
    });
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    const card = page.locator('.proposal-card').filter({ hasText: 'Proposta PF-2026-004817' });
    await card.getByText('Apartamento em São Paulo/SP').waitFor();
    await card.getByText('Carlos Eduardo Souza e Mariana Alves Souza').waitFor();
    expect(await page.getByText('R$ 520.000,00').count()).toBe(0);

    const bodies = await Promise.all(received);
    expect(bodies.length).toBeGreaterThan(0);
    const keys = new Set(bodies.flatMap((b) => [...keysOf(b)]));
    for (const hidden of [
      'financingOrCgiData',
      'amount',
      'installments',
      'customerData',
      'email',
      'cpf',
      'fillingStatus',
    ])
      expect(keys.has(hidden), hidden).toBe(false);
    expect(JSON.stringify(bodies)).not.toContain('52000000');
    await context.close();
  });
});
