import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { ROUTES, roleForPath, type RouteId } from '../packages/domain/src/routes';
import { signIn } from './fixtures';

export type Role = 'buyer' | 'seller' | 'operator';

/** The screens anyone may open, signed in or not (the login screens, recovery, errors). */
export const PUBLIC_URLS = [
  '/buyer/login',
  '/auth/login',
  '/auth/seller/login',
  '/auth/operator/login',
  '/buyer/recover',
  '/buyer/change-password',
  // The invitation landing with a link that is no invitation (the welcome itself: e2e/joining.spec.ts).
  '/auth/convite?token=' + 'x'.repeat(43),
  // A reminder's opt-out landing with a link that is no reminder's (the real one: apps/api/test/reminders.test.ts).
  '/auth/lembretes?token=' + 'x'.repeat(43),
  '/error',
  '/nao-existe',
];

const DEMO_LOGIN: Record<Role, string> = {
  buyer: 'comprador@demo.com.br',
  seller: 'vendedor@demo.com.br',
  operator: 'operador@demo.com.br',
};

/** The route ids that have a screen (apps/web/src/app/screen-loaders.ts). */
function builtRouteIds(): Set<string> {
  const text = readFileSync(fileURLToPath(new URL('../apps/web/src/app/screen-loaders.ts', import.meta.url)), 'utf8');
  return new Set([...text.matchAll(/^\s*'?([\w.-]+)'?:\s*(?:lazy|\()/gm)].map((m) => m[1]!));
}

/**
 * Signs in as the role's demo account and opens every built private screen of that role, one
 * after another in the same page (the demo proposal PF-2026-004817, selected for the buyer;
 * question 1; the first buyer), handing each to `check` once it has opened. Returns how many.
 */
export async function walkRoleScreens(
  page: Page,
  role: Role,
  check: (url: string, path: string) => Promise<void>,
  { skip = [] }: { skip?: RouteId[] } = {},
): Promise<number> {
  if (role === 'operator') {
    await signIn(page, DEMO_LOGIN.operator, 'operator');
  } else {
    await signIn(page, DEMO_LOGIN[role], role);
  }
  const proposals = (await (await page.request.get('/api/v3/proposals')).json()).data as { id: string; code: string }[];
  const proposal = proposals.find((p) => p.code === 'PF-2026-004817') ?? proposals[0]!;
  if (role === 'buyer') await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposal.id);

  const built = builtRouteIds();
  const routes = ROUTES.filter(
    (r) => r.access === 'private' && built.has(r.id) && roleForPath(r.path) === role && !skip.includes(r.id),
  );
  for (const route of routes) {
    const url =
      route.path.replace(':proposalId', proposal.id).replace(':question', '1') +
      (route.path.startsWith('/buyer/') ? '?buyer=1' : '');
    await page.goto(url);
    await check(url, route.path);
  }
  return routes.length;
}
