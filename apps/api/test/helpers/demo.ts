import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './app';
import { clientFor, type Client } from './client';
import { appSuite, lateClient, type AppOptions, type Dialect } from './suite';

/**
 * The demo accounts (src/seed/demo.ts) by who they are in the tests:
 * - comprador: main buyer of the two-buyer financing, the CGI and the just-started proposal;
 * - compradora: second buyer of the two-buyer financing;
 * - outro: a buyer on another proposal only (a stranger to the ones above);
 * - vendedor: seller of the two-buyer financing and the CGI;
 * - operador: back-office operator.
 */
export const DEMO_USERS = {
  comprador: { email: 'comprador@demo.com.br', role: 'buyer' },
  compradora: { email: 'compradora@demo.com.br', role: 'buyer' },
  outro: { email: 'outro@demo.com.br', role: 'buyer' },
  vendedor: { email: 'vendedor@demo.com.br', role: 'seller' },
  operador: { email: 'operador@demo.com.br', role: 'operator' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/**
 * The demo proposals by purpose, never by code in a test:
 * - twoBuyers: financing with FGTS, comprador and compradora, vendedor selling, still being filled;
 * - underReview: CGI under credit analysis, comprador alone, vendedor selling;
 * - started: financing just started, comprador alone, no seller yet;
 * - othersProposal: outro's financing, where the others are strangers.
 */
export const DEMO_PROPOSALS = {
  twoBuyers: 'PF-2026-004817',
  underReview: 'CGI-2026-001293',
  started: 'PF-2026-005102',
  othersProposal: 'PF-2026-003390',
} as const;
export type DemoProposal = keyof typeof DEMO_PROPOSALS;

/** A client logged in as a demo account (or any account with the demo password). */
export async function asUser(
  t: TestApp,
  who: DemoUser | { email: string; role: 'buyer' | 'seller' | 'operator' },
  password = DEMO_PASSWORD,
): Promise<Client> {
  const { email, role } = typeof who === 'string' ? DEMO_USERS[who] : who;
  return clientFor(t, await login(t.app, email, role, password));
}

/** Every demo account logged in, each as its own client. */
export async function demoClients(t: TestApp): Promise<Record<DemoUser, Client>> {
  const names = Object.keys(DEMO_USERS) as DemoUser[];
  const clients = await Promise.all(names.map((name) => asUser(t, name)));
  return Object.fromEntries(names.map((name, i) => [name, clients[i]!])) as Record<DemoUser, Client>;
}

/** The demo proposals' ids and codes, by purpose. */
export async function demoProposals(t: TestApp): Promise<Record<DemoProposal, { id: string; code: string }>> {
  const rows = await t.db.kysely.selectFrom('proposals').select(['id', 'code']).execute();
  return Object.fromEntries(
    Object.entries(DEMO_PROPOSALS).map(([purpose, code]) => {
      const row = rows.find((r) => r.code === code);
      if (!row) throw new Error(`demo proposal ${code} is missing: was the app seeded?`);
      return [purpose, { id: row.id, code }];
    }),
  ) as Record<DemoProposal, { id: string; code: string }>;
}

/** The demo accounts' user ids. */
export async function demoUserIds(t: TestApp): Promise<Record<DemoUser, string>> {
  const rows = await t.db.kysely.selectFrom('users').select(['id', 'email']).execute();
  return Object.fromEntries(
    Object.entries(DEMO_USERS).map(([name, { email }]) => [name, rows.find((r) => r.email === email)!.id]),
  ) as Record<DemoUser, string>;
}

export interface DemoWorld {
  t: TestApp;
  as: Record<DemoUser, Client>;
  /** Nobody logged in. */
  anonymous: Client;
  proposals: Record<DemoProposal, { id: string; code: string }>;
  userIds: Record<DemoUser, string>;
}

/** A fresh app on the given database with the demo data, every demo account logged in. */
export async function demoWorld(
  dialect: 'sqlite' | 'postgres',
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<DemoWorld> {
  const t = await createTestApp(dialect, options);
  const [as, proposals, userIds] = await Promise.all([demoClients(t), demoProposals(t), demoUserIds(t)]);
  return { t, as, anonymous: clientFor(t), proposals, userIds };
}

/**
 * The demo world of one describe block, usable where the block is declared (see appSuite): the
 * app is built, and every demo account logged in, before its tests, and closed after them. `t`
 * and the clients in `as` reach the live app when called; `ids` and `userIds` are filled in
 * before the first test (read them inside tests and hooks).
 */
export interface DemoSuite {
  readonly t: TestApp;
  as: Record<DemoUser, Client>;
  /** Nobody logged in. */
  anonymous: Client;
  /** The demo proposals' ids by purpose. */
  ids: Record<DemoProposal, string>;
  /** The demo accounts' user ids. */
  userIds: Record<DemoUser, string>;
}

export function demoSuite(dialect: Dialect, options: AppOptions | (() => AppOptions) = {}): DemoSuite {
  const ids = {} as Record<DemoProposal, string>;
  const userIds = {} as Record<DemoUser, string>;
  const { t, anonymous, extra } = appSuite(dialect, options, async (app) => {
    const [as, proposals, users] = await Promise.all([demoClients(app), demoProposals(app), demoUserIds(app)]);
    for (const [purpose, { id }] of Object.entries(proposals)) ids[purpose as DemoProposal] = id;
    Object.assign(userIds, users);
    return as;
  });
  const names = Object.keys(DEMO_USERS) as DemoUser[];
  const as = Object.fromEntries(names.map((name) => [name, lateClient(() => extra()[name])]));
  return { t, as: as as Record<DemoUser, Client>, anonymous, ids, userIds };
}
