import type { Kysely } from 'kysely';
import type { Database, ProposalsTable, UsersTable } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { newId } from '../crypto';
import { completeCpf } from '@portal/domain/cpf';

export const DEMO_PASSWORD = 'Demo@2026!';

export const DEMO_USERS = {
  comprador: { role: 'buyer', name: 'Carlos Eduardo Souza', email: 'comprador@demo.com.br', cpf: '52998224725' },
  compradora: {
    role: 'buyer',
    name: 'Mariana Alves Souza',
    email: 'compradora@demo.com.br',
    cpf: completeCpf('153789246'),
  },
  outro: { role: 'buyer', name: 'Ana Paula Ribeiro', email: 'outro@demo.com.br', cpf: completeCpf('284615937') },
  vendedor: {
    role: 'seller',
    name: 'Roberto Lima Ferreira',
    email: 'vendedor@demo.com.br',
    cpf: completeCpf('397214658'),
  },
  operador: { role: 'operator', name: 'Juliana Costa (Backoffice)', email: 'operador@demo.com.br', cpf: null },
} as const satisfies Record<string, Pick<UsersTable, 'role' | 'name' | 'email' | 'cpf'>>;

type DemoKey = keyof typeof DEMO_USERS;

interface DemoProposal {
  code: string;
  type: ProposalsTable['type'];
  status: string;
  stage: string;
  fillingStatus: number;
  property: object;
  financing: object;
  buyers: DemoKey[];
  sellers: DemoKey[];
}

/** Realistic proposals (DESIGN §6): financing with two buyers and FGTS (Itaú), CGI (Tokio), one just started. */
export const DEMO_PROPOSALS: DemoProposal[] = [
  {
    code: 'PF-2026-004817',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
    fillingStatus: 45,
    property: { type: 'residential', kind: 'apartment', zipCode: '04538132', uf: 'SP', city: 'São Paulo' },
    financing: {
      amortizationSystem: 'SAC',
      amount: 52_000_000,
      feeType: 'tr',
      installments: 360,
      insuranceCompanyName: 'itau',
      product: 'SFH — Imóvel residencial com FGTS',
    },
    buyers: ['comprador', 'compradora'],
    sellers: ['vendedor'],
  },
  {
    code: 'CGI-2026-001293',
    type: 'cgi',
    status: 'under_review',
    stage: 'credit_analysis',
    fillingStatus: 80,
    property: { type: 'residential', kind: 'house', zipCode: '13025320', uf: 'SP', city: 'Campinas' },
    financing: {
      amortizationSystem: 'PRICE',
      amount: 30_000_000,
      feeType: 'ipca',
      installments: 180,
      insuranceCompanyName: 'tokio',
      product: 'CGI — Crédito com garantia de imóvel',
    },
    buyers: ['comprador'],
    sellers: ['vendedor'],
  },
  {
    code: 'PF-2026-005102',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
    fillingStatus: 0,
    property: { type: 'residential', kind: 'apartment', zipCode: '30140071', uf: 'MG', city: 'Belo Horizonte' },
    financing: {
      amortizationSystem: 'SAC',
      amount: 41_000_000,
      feeType: 'tr',
      installments: 420,
      insuranceCompanyName: 'itau',
      product: 'SFH — Imóvel residencial',
    },
    buyers: ['comprador'],
    sellers: [],
  },
  {
    code: 'PF-2026-003390',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
    fillingStatus: 20,
    property: { type: 'residential', kind: 'house', zipCode: '80240210', uf: 'PR', city: 'Curitiba' },
    financing: {
      amortizationSystem: 'PRICE',
      amount: 38_500_000,
      feeType: 'fixed',
      installments: 300,
      insuranceCompanyName: 'tokio',
      product: 'SFI — Imóvel residencial',
    },
    buyers: ['outro'],
    sellers: [],
  },
];

/** Seeds the demo accounts and proposals when the database has no user. Returns true if it seeded. */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (tx) => {
    const now = Date.now();
    const ids = {} as Record<DemoKey, string>;
    for (const [key, user] of Object.entries(DEMO_USERS) as [DemoKey, (typeof DEMO_USERS)[DemoKey]][]) {
      ids[key] = newId();
      await tx
        .insertInto('users')
        .values({ id: ids[key], ...user, password_hash: passwordHash, created_at: now, updated_at: now })
        .execute();
    }
    for (const [i, p] of DEMO_PROPOSALS.entries()) {
      const id = newId();
      const at = now - (DEMO_PROPOSALS.length - i) * 3_600_000;
      await tx
        .insertInto('proposals')
        .values({
          id,
          code: p.code,
          type: p.type,
          status: p.status,
          stage: p.stage,
          filling_status: p.fillingStatus,
          property: JSON.stringify(p.property),
          financing: JSON.stringify(p.financing),
          created_at: at,
          updated_at: at,
        })
        .execute();
      const members = [
        ...p.buyers.map((key, position) => ({ key, role: 'buyer' as const, position })),
        ...p.sellers.map((key, position) => ({ key, role: 'seller' as const, position })),
      ];
      for (const m of members) {
        const user = DEMO_USERS[m.key];
        await tx
          .insertInto('proposal_members')
          .values({
            id: newId(),
            proposal_id: id,
            user_id: ids[m.key],
            role: m.role,
            position: m.position,
            name: user.name,
            email: user.email,
            cpf: user.cpf,
            created_at: at,
          })
          .execute();
      }
    }
  });
  return true;
}
