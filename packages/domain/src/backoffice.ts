import { z } from 'zod';
import { cep, choice, cpf, email, money, requiredText, uf } from './fields';
import {
  AMORTIZATION_SYSTEMS,
  INSURERS,
  PROPOSAL_STAGES,
  PROPOSAL_STATUSES,
  PROPOSAL_TYPES,
  STAGE_LABELS,
  STATUS_LABELS,
  canTransition,
  type ProposalStage,
  type ProposalStatus,
} from './proposal';

/**
 * The back office (docs/product/back-office.md): the operator's new-proposal form, the list's
 * query, the status and stage rules with their Portuguese refusals, who sees which history entry,
 * and the operators' own accounts. Pure: the same rules run in the browser and in the API.
 */

// ---------------------------------------------------------------------------------------------
// New proposal
// ---------------------------------------------------------------------------------------------

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  residential: 'Residencial',
  commercial: 'Comercial',
};
export const PROPERTY_KINDS = ['apartment', 'house', 'land', 'room'] as const;
export const FEE_TYPES = ['fixed', 'tr', 'ipca', 'poupanca'] as const;
export const FEE_TYPE_LABELS: Record<(typeof FEE_TYPES)[number], string> = {
  fixed: 'Taxa fixa (pré-fixada)',
  tr: 'Taxa + TR',
  ipca: 'Taxa + IPCA',
  poupanca: 'Taxa da poupança',
};
export const AMORTIZATION_LABELS: Record<(typeof AMORTIZATION_SYSTEMS)[number], string> = {
  SAC: 'SAC — parcelas decrescentes',
  PRICE: 'PRICE — parcelas fixas',
};
/** Suggestions for the product field (free text: banks name their products as they like). */
export const PRODUCT_SUGGESTIONS: Record<(typeof PROPOSAL_TYPES)[number], string[]> = {
  financing: [
    'SFH — Imóvel residencial',
    'SFH — Imóvel residencial com FGTS',
    'SFI — Imóvel residencial',
    'SFI — Imóvel comercial',
  ],
  cgi: ['CGI — Crédito com garantia de imóvel', 'CGI — Imóvel comercial'],
};

export const MAX_INSTALLMENTS = 420;
/** Smallest amount a proposal can ask for: R$ 1.000,00 (in centavos). */
export const MIN_AMOUNT = 100_000;

/** A whole number typed as text or number, within bounds. */
const wholeNumber = (min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `Insira um número inteiro de ${min} a ${max}` });
      return z.NEVER;
    }
    return n;
  });

export const newBuyerSchema = z.strictObject({
  name: requiredText(120).refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, {
    error: 'Informe nome e sobrenome',
  }),
  cpf: cpf(),
  email: email(),
});

export const DUPLICATE_BUYER_CPF = 'Os compradores devem ter CPFs diferentes';
export const DUPLICATE_BUYER_EMAIL = 'Os compradores devem ter e-mails diferentes';

/** What the operator types to open a proposal (docs/product/forms.md's proposal entity, minus what the system sets). */
export const newProposalSchema = z
  .strictObject({
    type: choice(PROPOSAL_TYPES),
    buyers: z
      .array(newBuyerSchema)
      .min(1, { error: 'Informe pelo menos um comprador' })
      .max(2, { error: 'A proposta aceita no máximo dois compradores' }),
    property: z.strictObject({
      type: choice(PROPERTY_TYPES),
      kind: choice(PROPERTY_KINDS),
      zipCode: cep(),
      uf: uf(),
      city: requiredText(100),
    }),
    financingOrCgiData: z.strictObject({
      amortizationSystem: choice(AMORTIZATION_SYSTEMS),
      amount: money({ min: MIN_AMOUNT }),
      feeType: choice(FEE_TYPES),
      installments: wholeNumber(1, MAX_INSTALLMENTS),
      insuranceCompanyName: choice(INSURERS),
      product: requiredText(120),
    }),
  })
  // Checked even while other fields fail (`when`), so every error shows at the first submit
  // (docs/decisions/018-all-errors-at-first-submit.md); a field's own error comes first.
  .refine((v) => !sameBuyerValue(v, 'cpf'), {
    path: ['buyers', 1, 'cpf'],
    error: DUPLICATE_BUYER_CPF,
    when: () => true,
  })
  .refine((v) => !sameBuyerValue(v, 'email'), {
    path: ['buyers', 1, 'email'],
    error: DUPLICATE_BUYER_EMAIL,
    when: () => true,
  });
export type NewProposalInput = z.input<typeof newProposalSchema>;

/** Both buyers give the same value (as parsed: CPF digits, e-mail in lower case) for a key. */
function sameBuyerValue(v: unknown, key: 'cpf' | 'email'): boolean {
  const buyers = (v as { buyers?: unknown } | null)?.buyers;
  if (!Array.isArray(buyers) || buyers.length < 2) return false;
  const [a, b] = buyers as ({ [k: string]: unknown } | null)[];
  const x = a?.[key];
  const y = b?.[key];
  return typeof x === 'string' && x !== '' && x === y;
}
export type NewProposal = z.output<typeof newProposalSchema>;

// ---------------------------------------------------------------------------------------------
// Proposal codes: PF-2026-000123 (financing), CGI-2026-000123 (CGI); a sequence per type and year.
// ---------------------------------------------------------------------------------------------

export const CODE_PREFIX: Record<(typeof PROPOSAL_TYPES)[number], string> = { financing: 'PF', cgi: 'CGI' };

export function proposalCodePrefix(type: (typeof PROPOSAL_TYPES)[number], year: number): string {
  return `${CODE_PREFIX[type]}-${year}-`;
}

export function formatProposalCode(type: (typeof PROPOSAL_TYPES)[number], year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('sequence must be a positive integer');
  return `${proposalCodePrefix(type, year)}${String(sequence).padStart(6, '0')}`;
}

/** The sequence number of a code with this prefix, or null when the code is not of that series. */
export function parseProposalSequence(code: string, prefix: string): number | null {
  if (!code.startsWith(prefix)) return null;
  const rest = code.slice(prefix.length);
  return /^\d{1,12}$/.test(rest) ? Number(rest) : null;
}

// ---------------------------------------------------------------------------------------------
// Search: prefix terms (docs/decisions/007-back-office.md). A proposal is indexed under its code, the number of its
// code, and each buyer's CPF digits and name words; a query matches when every term it types is
// the start of one of the proposal's terms.
// ---------------------------------------------------------------------------------------------

/** Lower case, no accents; anything but letters, digits and hyphens becomes a space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim();
}

export function proposalSearchTerms(p: { code: string; buyers: { name: string; cpf: string | null }[] }): string[] {
  const terms = new Set<string>();
  const code = normalizeSearchText(p.code).replace(/\s+/g, '');
  if (code) terms.add(code);
  const number = /(\d+)$/.exec(code)?.[1];
  if (number) {
    terms.add(number);
    terms.add(String(Number(number)));
  }
  for (const b of p.buyers) {
    if (b.cpf) terms.add(b.cpf.replace(/\D/g, ''));
    for (const word of normalizeSearchText(b.name).split(/[\s-]+/)) if (word) terms.add(word);
  }
  return [...terms].filter((t) => t.length > 0 && t.length <= 60);
}

/** The terms of a typed query: a code or its start, a CPF (masked or not) or its start, or words. */
export function searchQueryTerms(query: string): string[] {
  const t = normalizeSearchText(query);
  if (!t) return [];
  const code = /^(pf|cgi)[\s-]*([\d\s-]*)$/.exec(t);
  if (code) return [[code[1], ...code[2]!.split(/[\s-]+/).filter(Boolean)].join('-')];
  if (/^[\d\s-]+$/.test(t) && /\d/.test(t)) {
    const digits = t.replace(/\D/g, '');
    // "529.982.247-25" and "529 982" are one CPF; "2026-004817" is the end of a code.
    return [digits];
  }
  const words = [...new Set(t.split(/[\s-]+/).filter(Boolean))];
  // A lone initial ("Ana S") narrows nothing and matches a tenth of the index: dropped beside longer words.
  const long = words.filter((w) => w.length >= 2);
  return (long.length ? long : words).slice(0, 6);
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export const LIST_SORTS = ['updatedAt', 'createdAt', 'code', 'fillingStatus'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_SORT_LABELS: Record<ListSort, string> = {
  updatedAt: 'Última atualização',
  createdAt: 'Criação',
  code: 'Código',
  fillingStatus: 'Preenchimento',
};

export const proposalListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(PROPOSAL_STATUSES).optional(),
  stage: z.enum(PROPOSAL_STAGES).optional(),
  type: z.enum(PROPOSAL_TYPES).optional(),
  insurer: z.enum(INSURERS).optional(),
  /** 'yes': proposals with documents waiting for the operator; 'no': none waiting. */
  pendingDocuments: z.enum(['yes', 'no']).optional(),
  sort: z.enum(LIST_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Opaque keyset cursor from a previous page (next or previous). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(20),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;

export const proposalListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  stage: z.enum(PROPOSAL_STAGES),
  insurer: z.enum(INSURERS).nullable(),
  fillingStatus: z.number(),
  amount: z.number(),
  city: z.string(),
  uf: z.string(),
  buyers: z.array(z.object({ name: z.string(), cpf: z.string().nullable() })),
  /** Documents waiting for review; null when the documents module is not installed. */
  pendingDocuments: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProposalListItem = z.infer<typeof proposalListItemSchema>;

export const proposalListPageSchema = z.object({
  data: z.array(proposalListItemSchema),
  page: z.object({
    /** Matches, counted up to 10 000 (capped: there are more). */
    total: z.number(),
    capped: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  }),
});
export type ProposalListPage = z.infer<typeof proposalListPageSchema>;

// ---------------------------------------------------------------------------------------------
// Status and stage
// ---------------------------------------------------------------------------------------------

export const OPEN_STATUSES: readonly ProposalStatus[] = [
  'filling',
  'under_review',
  'pending_correction',
  'sent_to_bank',
];

const quoted = (s: string) => `“${s}”`;

/** Why a status change is refused, in Portuguese; null when the machine has that edge. */
export function statusChangeError(from: ProposalStatus, to: ProposalStatus): string | null {
  if (canTransition(from, to)) return null;
  if (from === to) return `A proposta já está ${quoted(STATUS_LABELS[from])}.`;
  if (!OPEN_STATUSES.includes(from))
    return `A proposta está ${quoted(STATUS_LABELS[from])} e não muda mais de situação.`;
  return `Não é possível passar a proposta de ${quoted(STATUS_LABELS[from])} para ${quoted(STATUS_LABELS[to])}.`;
}

/**
 * Stages follow the bank's order (registration → credit analysis → appraisal → legal → contract):
 * one step forward, or one back to fix a mistake, while the proposal is open.
 */
export function stageChangeError(status: ProposalStatus, from: ProposalStage, to: ProposalStage): string | null {
  if (!OPEN_STATUSES.includes(status))
    return `A proposta está ${quoted(STATUS_LABELS[status])} e não muda mais de etapa.`;
  if (from === to) return `A proposta já está na etapa ${quoted(STAGE_LABELS[from])}.`;
  const distance = PROPOSAL_STAGES.indexOf(to) - PROPOSAL_STAGES.indexOf(from);
  if (Math.abs(distance) !== 1) {
    return `A etapa muda uma de cada vez: de ${quoted(STAGE_LABELS[from])} só para a seguinte ou a anterior.`;
  }
  return null;
}

export function nextStatuses(from: ProposalStatus): ProposalStatus[] {
  return PROPOSAL_STATUSES.filter((to) => canTransition(from, to));
}

export function nextStages(status: ProposalStatus, from: ProposalStage): ProposalStage[] {
  return PROPOSAL_STAGES.filter((to) => stageChangeError(status, from, to) === null);
}

const reason = requiredText(1000, { multiline: true }).refine((v) => v.length >= 5, {
  error: 'Explique o motivo em pelo menos 5 caracteres',
});

export const statusChangeSchema = z.strictObject({ status: z.enum(PROPOSAL_STATUSES), reason });
export const stageChangeSchema = z.strictObject({ stage: z.enum(PROPOSAL_STAGES), reason });
export const correctionRequestSchema = z.strictObject({
  /** Buyer position for per-buyer sections; absent for proposal and seller sections. */
  buyer: z.number().int().min(0).max(1).optional(),
  note: reason,
});

// ---------------------------------------------------------------------------------------------
// History: who sees which entry
// ---------------------------------------------------------------------------------------------

export const HISTORY_KINDS = ['created', 'status', 'stage', 'correction'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export type Party = 'buyer' | 'seller';

/**
 * The parties an entry concerns. Status and stage changes concern everyone on the proposal (the
 * seller follows the sale too); a correction concerns whoever fills the section: the seller for
 * seller sections, the buyers otherwise. Operators see every entry.
 */
export function historyAudience(kind: HistoryKind, sectionScope?: 'buyer' | 'proposal' | 'seller'): Party[] {
  if (kind === 'correction') return sectionScope === 'seller' ? ['seller'] : ['buyer'];
  return ['buyer', 'seller'];
}

export function isHistoryVisible(audience: readonly string[], role: 'buyer' | 'seller' | 'operator'): boolean {
  return role === 'operator' || audience.includes(role);
}

/**
 * The parties a change asks something of, who get an e-mail: a correction asks the buyers (or the
 * seller, for the seller's sections) to fix data; the appraisal stage asks the seller to receive
 * the appraiser.
 */
export function partiesToNotify(
  change: { kind: 'status'; to: ProposalStatus } | { kind: 'stage'; to: ProposalStage },
): Party[] {
  if (change.kind === 'status') return change.to === 'pending_correction' ? ['buyer'] : [];
  return change.to === 'appraisal' ? ['seller'] : [];
}

export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(HISTORY_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The words a person reads: "Situação: Em análise → Correção pendente". */
  label: z.string(),
  reason: z.string().nullable(),
  /** The operator's name for operators; "Equipe do portal" for buyers and sellers. */
  actor: z.string().nullable(),
  /** Section and buyer of a correction, e.g. "Dados gerais — comprador 2". */
  section: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Operators and their permissions (docs/decisions/007-back-office.md)
// ---------------------------------------------------------------------------------------------

export const PERMISSIONS = ['health:read'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  'health:read': 'Pode ver a declaração de saúde (DPS)',
};

export const newOperatorSchema = z.strictObject({
  name: requiredText(120).refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, {
    error: 'Informe nome e sobrenome',
  }),
  email: email(),
  canViewHealth: z.boolean().default(false),
});
export type NewOperatorInput = z.input<typeof newOperatorSchema>;

export const operatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  canViewHealth: z.boolean(),
  /** False until the invited operator sets a password. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log and outbox
// ---------------------------------------------------------------------------------------------

/** Actions the audit log names, in words (the log keeps the code). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: 'Entrou no portal',
  'login.failed': 'Errou a senha ao entrar',
  'password.changed': 'Alterou a senha',
  'password.change_refused': 'Tentou trocar a senha com a senha atual errada',
  'password.recover_requested': 'Pediu recuperação de senha',
  'section.submitted': 'Enviou uma seção',
  'seller.completed': 'Vendedor concluiu sua parte',
  'monitoring.sample_rate': 'Mudou a amostragem do monitoramento',
  'proposal.created': 'Criou a proposta',
  'proposal.sent_for_analysis': 'Enviou a proposta para análise',
  'financing.values_saved': 'Salvou os valores do financiamento',
  'financing.settings_saved': 'Mudou as regras do financiamento',
  'privacy.exported': 'Baixou uma cópia dos seus dados',
  'privacy.deletion_requested': 'Pediu a exclusão dos seus dados',
  'privacy.deletion_completed': 'Teve os dados excluídos',
  'proposal.read': 'Abriu a proposta',
  'proposal.status_changed': 'Mudou a situação',
  'proposal.stage_changed': 'Mudou a etapa',
  'proposal.correction_requested': 'Pediu correção de seção',
  'proposal.dossier_exported': 'Exportou o dossiê',
  'document.uploaded': 'Enviou um documento',
  'document.deleted': 'Apagou um documento',
  'document.accepted': 'Aceitou um documento',
  'document.rejected': 'Recusou um documento',
  'document.infected': 'Envio bloqueado pelo antivírus',
  'fgts.form_generated': 'Gerou formulário do FGTS',
  'health.consent_granted': 'Deu consentimento para dados de saúde',
  'health.consent_revoked': 'Revogou o consentimento de dados de saúde',
  'health.declaration_confirmed': 'Confirmou a declaração de saúde',
  'health.read': 'Leu a declaração de saúde',
  'health.read_denied': 'Tentou ler a declaração de saúde sem permissão',
  'operator.created': 'Criou um operador',
  'operator.permissions_changed': 'Mudou permissões de operador',
};

export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(60).optional(),
  /** A proposal code or id: entries about that proposal. */
  proposal: z.string().trim().max(64).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  /** The proposal's code when the subject is a proposal. */
  proposalCode: z.string().nullable(),
  proposalId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const OUTBOX_STATES = ['pending', 'sent', 'failing'] as const;
export const OUTBOX_STATE_LABELS: Record<(typeof OUTBOX_STATES)[number], string> = {
  pending: 'Na fila',
  sent: 'Enviado',
  failing: 'Falhando (nova tentativa agendada)',
};
export const outboxQuerySchema = z.strictObject({
  state: z.enum(OUTBOX_STATES).optional(),
  to: z.string().trim().max(254).optional(),
  kind: z.string().trim().max(40).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(50),
});
export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
