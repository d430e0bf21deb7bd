import type { Kysely } from 'kysely';
import type { Database, ProposalsTable, UsersTable } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { newId } from '../crypto';
import { completeCpf } from '@portal/domain/cpf';
import { findSection } from '@portal/domain/sections-registry';
import { refreshProposalProgress } from '../modules/proposals/proposal-progress';
import { DEFAULT_LTV_LIMITS, loanToValueError } from '@portal/domain/financing-settings';
import { submitSchema } from '@portal/domain/section';
import { syncProposalIndex } from '../modules/proposals/search-index';

export const DEMO_PASSWORD = 'Demo@2026!';
const DEMO_USERS_CPF_OUTRO = completeCpf('284615937');

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
  operador: { role: 'operator', name: 'Juliana Costa (Equipe do portal)', email: 'operador@demo.com.br', cpf: null },
} as const satisfies Record<string, Pick<UsersTable, 'role' | 'name' | 'email' | 'cpf'>>;

type DemoKey = keyof typeof DEMO_USERS;

interface DemoProposal {
  code: string;
  type: ProposalsTable['type'];
  status: string;
  stage: string;
  property: object;
  financing: { amortizationSystem: 'SAC' | 'PRICE'; amount: number; [k: string]: unknown };
  /** What the back office entered (centavos, rate in basis points of % a.a.); absent: not yet. */
  values?: { propertyValue: number; appraisalValue: number | null; interestRateBp: number };
  buyers: DemoKey[];
  sellers: DemoKey[];
  /** Sections already sent, as a person would have typed them: key, buyer position (null: proposal-wide), values. */
  sections: { key: string; buyer: number | null; values: Record<string, unknown> }[];
}

const CARLOS_DATA = {
  name: 'Carlos Eduardo Souza',
  email: 'comprador@demo.com.br',
  phone: '(11) 98765-4321',
  birth_date: '14/03/1986',
  cpf: '529.982.247-25',
  civil_status: 'married',
  marriage_date: '20/09/2014',
  marriage_regime: 'partial_communion',
  occupation: 'Engenheiro civil',
  registered_employees: true,
  income: '18.500,00',
  represented: false,
};
/** The address of the first demo proposal's property, as a person types it (Carlos lives there). */
export const DEMO_PROPERTY_ADDRESS = {
  cep: '04538-132',
  address: 'Avenida Brigadeiro Faria Lima',
  number: '3477',
  complement: 'Apto 142',
  district: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
};
const CARLOS_ADDRESS = { ...DEMO_PROPERTY_ADDRESS, user_address: true };
const CARLOS_DOCUMENT = {
  document_type: 'rg',
  document_number: '32.456.789-1',
  issuing_authority: 'SSP',
  uf: 'SP',
  expedition_date: '05/06/2015',
  gender: 'male',
  birth_date_document: '14/03/1986',
  birth_state: 'SP',
  birth_city: 'Santos',
  mother_name: 'Helena Maria Souza',
  affiliation_two: false,
  father_name: 'Antônio Carlos Souza',
};
/** Carlos's own sections, the same on each of his proposals. */
const CARLOS_SECTIONS: DemoProposal['sections'] = [
  { key: 'data', buyer: 0, values: CARLOS_DATA },
  { key: 'address', buyer: 0, values: CARLOS_ADDRESS },
  { key: 'document', buyer: 0, values: CARLOS_DOCUMENT },
];
const SELLER_FORM = {
  sellerName: 'Roberto Lima Ferreira',
  sellerEmail: 'vendedor@demo.com.br',
  sellerPhone: '(11) 99123-4567',
};

/** Realistic proposals (docs/product/README.md, demo data): financing with two buyers and FGTS (Itaú), CGI (Tokio), one just started. */
export const DEMO_PROPOSALS: DemoProposal[] = [
  {
    code: 'PF-2026-004817',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
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
    sections: [...CARLOS_SECTIONS, { key: 'seller', buyer: null, values: SELLER_FORM }],
  },
  {
    code: 'CGI-2026-001293',
    type: 'cgi',
    status: 'under_review',
    stage: 'credit_analysis',
    property: { type: 'residential', kind: 'house', zipCode: '13025320', uf: 'SP', city: 'Campinas' },
    financing: {
      amortizationSystem: 'PRICE',
      amount: 30_000_000,
      feeType: 'ipca',
      installments: 180,
      insuranceCompanyName: 'tokio',
      product: 'CGI — Crédito com garantia de imóvel',
    },
    values: { propertyValue: 90_000_000, appraisalValue: 88_000_000, interestRateBp: 1490 },
    buyers: ['comprador'],
    sellers: ['vendedor'],
    sections: [
      ...CARLOS_SECTIONS,
      {
        key: 'investment',
        buyer: null,
        values: {
          agency: '0912',
          account: '45781-3',
          authorize_debit: true,
          embed_tariffs: false,
          first_buyer_percent: '100',
          sfh: false,
        },
      },
      { key: 'seller', buyer: null, values: SELLER_FORM },
    ],
  },
  {
    code: 'PF-2026-005102',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
    property: { type: 'residential', kind: 'apartment', zipCode: '30140071', uf: 'MG', city: 'Belo Horizonte' },
    financing: {
      amortizationSystem: 'SAC',
      amount: 41_000_000,
      feeType: 'tr',
      installments: 420,
      insuranceCompanyName: 'itau',
      product: 'SFH — Imóvel residencial',
    },
    values: { propertyValue: 56_000_000, appraisalValue: 54_500_000, interestRateBp: 1119 },
    buyers: ['comprador'],
    sellers: [],
    sections: [],
  },
  {
    code: 'PF-2026-003390',
    type: 'financing',
    status: 'filling',
    stage: 'registration',
    property: { type: 'residential', kind: 'house', zipCode: '80240210', uf: 'PR', city: 'Curitiba' },
    financing: {
      amortizationSystem: 'PRICE',
      amount: 38_500_000,
      feeType: 'fixed',
      installments: 300,
      insuranceCompanyName: 'tokio',
      product: 'SFI — Imóvel residencial',
    },
    values: { propertyValue: 60_000_000, appraisalValue: 59_000_000, interestRateBp: 1149 },
    buyers: ['outro'],
    sellers: [],
    sections: [
      {
        key: 'data',
        buyer: 0,
        values: {
          name: 'Ana Paula Ribeiro',
          email: 'outro@demo.com.br',
          phone: '(41) 99876-5432',
          birth_date: '02/11/1990',
          cpf: DEMO_USERS_CPF_OUTRO,
          civil_status: 'single',
          marriage_union: false,
          occupation: 'Médica',
          registered_employees: false,
          income: '22.000,00',
          represented: false,
        },
      },
    ],
  },
];

/** Seeds the demo accounts and proposals when the database has no user. Returns true if it seeded. */
/** The values the back office entered, checked against the loan-to-value limits like the API does. */
function demoValues(p: DemoProposal) {
  if (!p.values) return {};
  const { amortizationSystem: system, amount } = p.financing;
  const error = loanToValueError({ system, amount, ...p.values, limits: DEFAULT_LTV_LIMITS });
  if (error) throw new Error(`demo proposal ${p.code}: ${error}`);
  return {
    property_value: p.values.propertyValue,
    appraisal_value: p.values.appraisalValue,
    interest_rate_bp: p.values.interestRateBp,
  };
}

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
          filling_status: 0,
          property: JSON.stringify(p.property),
          financing: JSON.stringify(p.financing),
          ...demoValues(p),
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
      // Sent sections go through the same schema as the API, so demo data is always valid data.
      for (const sec of p.sections) {
        const def = findSection(sec.key)!;
        const values = submitSchema(def, { buyers: p.buyers.length, buyer: sec.buyer }).parse(sec.values);
        await tx
          .insertInto('proposal_sections')
          .values({
            id: newId(),
            proposal_id: id,
            section: sec.key,
            buyer: sec.buyer ?? -1,
            draft: null,
            draft_updated_at: null,
            data: JSON.stringify(values),
            submitted_at: at,
            status: 'done',
            review_note: null,
            updated_by: ids[p.buyers[0]!],
            updated_at: at,
            version: 1,
          })
          .execute();
      }
      await refreshProposalProgress(tx, id, { touch: false });
      // Back-office list: insurer filter and search terms (docs/decisions/007).
      await syncProposalIndex(tx, id);
    }
    // The demo operator may read health declarations (back office, docs/decisions/007).
    await tx
      .insertInto('operator_permissions')
      .values({ user_id: ids.operador, permission: 'health:read', granted_by: null, granted_at: now })
      .execute();
  });
  return true;
}
