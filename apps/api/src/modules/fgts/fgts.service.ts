import type { Kysely } from 'kysely';
import { fgtsResumePath } from '@portal/domain/fgts-utils';
import type { SessionUser } from '@portal/domain/auth';
import { CIVIL_STATUS_LABELS, MARRIAGE_REGIME_LABELS } from '@portal/domain/buyer-sections';
import { formatCep } from '@portal/domain/cep';
import { formatCnpj } from '@portal/domain/cnpj';
import { formatCpf } from '@portal/domain/cpf';
import { formatBrDate, formatInstant } from '@portal/domain/dates';
import {
  FGTS_RULES,
  FGTS_STEPS,
  fgtsEligibility,
  isFgtsConfirmed,
  nextFgtsStep,
  OCCUPATION_LABELS,
  type FgtsAccount,
  type FgtsEligibility,
  type FgtsSectionKey,
  type FgtsStepState,
} from '@portal/domain/fgts-sections';
import { withPropertyRules, type FgtsPropertyRuleResult } from '@portal/domain/fgts-property-rules';
import { formatMoney } from '@portal/domain/money';
import { formatPis } from '@portal/domain/pis';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { toProposal, type ProposalsService } from '../proposals/proposals.service';
import type { SectionsService, SectionView } from '../sections/sections.service';
import { renderForm, type FormBlock, type FormDocument } from '../../pdf/form-pdf';

export interface FgtsState {
  buyer: number;
  /** FGTS applies to financing proposals only. */
  applicable: boolean;
  eligibility: FgtsEligibility;
  steps: { key: FgtsSectionKey; status: FgtsStepState['status']; submittedAt: string | null; canEdit: boolean }[];
  /** Where the buyer resumes: the first unfinished step after the questions (null: all confirmed). */
  next: FgtsSectionKey | null;
  confirmed: boolean;
  /** The FGTS rules on the property, each with its outcome (docs/fgts-rules.md). */
  propertyRules: FgtsPropertyRuleResult[];
  /** The screen where this buyer's FGTS stands (packages/domain/src/fgts-utils.ts). */
  resumePath: string;
}

type V = Record<string, unknown>;
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const yes = (v: unknown) => (v === true ? 'Sim' : 'Não');

/**
 * FGTS state and the filled-in form (PDF) of one buyer, read through the sections service so the
 * same access rules apply: the buyer, the main buyer for the second buyer, operators; a seller or a
 * stranger gets 404, the second buyer asking for the main buyer's gets 403.
 */
export function createFgtsService(deps: {
  db: Kysely<Database>;
  sections: SectionsService;
  proposals: ProposalsService;
  /** The property's FGTS rules of a proposal (financing module); the caller is already authorized. */
  propertyRules: (proposalId: string) => Promise<FgtsPropertyRuleResult[]>;
}) {
  async function loadSteps(user: SessionUser, proposalId: string, buyer: number) {
    const views = {} as Record<FgtsSectionKey, SectionView>;
    // The first read checks access (and 404s) before anything else is read.
    views.fgts_questions = await deps.sections.getSection(user, proposalId, 'fgts_questions', buyer);
    for (const step of FGTS_STEPS.slice(1))
      views[step.key] = await deps.sections.getSection(user, proposalId, step.key, buyer);
    return views;
  }

  function stateOf(
    buyer: number,
    type: 'financing' | 'cgi',
    views: Record<FgtsSectionKey, SectionView>,
    propertyRules: FgtsPropertyRuleResult[],
  ): FgtsState {
    const states = Object.fromEntries(
      FGTS_STEPS.map((s) => [s.key, { status: views[s.key].status, submittedAt: views[s.key].submittedAt }]),
    ) as Record<FgtsSectionKey, FgtsStepState>;
    // A property that fails an FGTS rule closes the FGTS forms as a failed answer does.
    const eligibility = withPropertyRules(fgtsEligibility(views.fgts_questions.values), propertyRules);
    const usable = type === 'financing' && eligibility.status === 'eligible';
    const applicable = type === 'financing';
    const next = usable ? nextFgtsStep(states) : null;
    const confirmed = usable && isFgtsConfirmed(states);
    return {
      buyer,
      applicable,
      eligibility,
      steps: FGTS_STEPS.map((s) => ({
        key: s.key,
        status: states[s.key].status,
        submittedAt: states[s.key].submittedAt,
        canEdit: views[s.key].canEdit,
      })),
      next,
      confirmed,
      propertyRules,
      resumePath: fgtsResumePath({ buyer, applicable, eligibility, next, confirmed }),
    };
  }

  return {
    async state(user: SessionUser, proposalId: string, buyer: number): Promise<FgtsState> {
      const views = await loadSteps(user, proposalId, buyer);
      const { proposal } = await deps.proposals.loadProposalFor(user, proposalId);
      return stateOf(buyer, proposal.type, views, await deps.propertyRules(proposalId));
    },

    /** The buyer's filled-in FGTS form, once every step is done and confirmed. */
    async formPdf(
      user: SessionUser,
      proposalId: string,
      buyer: number,
      ip: string | null,
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      const views = await loadSteps(user, proposalId, buyer);
      const data = await deps.sections.getSection(user, proposalId, 'data', buyer);
      const loaded = await deps.proposals.loadProposalFor(user, proposalId);
      const proposal = toProposal(loaded.proposal, loaded.members, user);
      const state = stateOf(buyer, proposal.type, views, await deps.propertyRules(proposalId));
      if (!state.applicable)
        throw new HttpError(409, 'fgts_not_applicable', 'O FGTS só pode ser usado em financiamento imobiliário.');
      if (state.eligibility.status === 'ineligible')
        throw new HttpError(409, 'fgts_not_eligible', state.eligibility.reasons.join(' '));
      if (state.eligibility.status === 'not_using')
        throw new HttpError(409, 'fgts_not_eligible', 'Este comprador não vai usar o FGTS nesta compra.');
      if (state.eligibility.status !== 'eligible')
        throw new HttpError(
          409,
          'fgts_not_eligible',
          'Responda às perguntas de elegibilidade do FGTS antes de gerar o formulário.',
        );
      if (!state.confirmed)
        throw new HttpError(
          409,
          'fgts_incomplete',
          'Conclua e confirme todas as etapas do FGTS antes de gerar o formulário.',
        );

      const person = {
        name: str(data.values?.name ?? data.prefill.name ?? proposal.customers.find((c) => c.position === buyer)?.name),
        cpf: str(data.prefill.cpf ?? data.values?.cpf),
      };
      const doc = fgtsFormDocument({
        proposalCode: proposal.code,
        property: proposal.property,
        person,
        address: views.fgts_address.values!,
        civil: views.fgts_civil_status.values!,
        tax: views.fgts_tax.values!,
        authorization: views.fgts_authorization.values!,
        generatedAt: new Date(),
      });
      const bytes = await renderForm(doc);
      await recordAudit(deps.db, {
        actorId: user.id,
        action: 'fgts.form_generated',
        subject: `proposal:${proposalId}/fgts/${buyer}`,
        ip,
      });
      return { bytes, fileName: `formulario-fgts-${proposal.code}-comprador-${buyer + 1}.pdf` };
    },
  };
}
export type FgtsService = ReturnType<typeof createFgtsService>;

/** The content of the FGTS form of one buyer (kept apart from drawing so it reads as a list). */
export function fgtsFormDocument(input: {
  proposalCode: string;
  property: { city: string; uf: string };
  person: { name: string; cpf: string };
  address: V;
  civil: V;
  tax: V;
  authorization: V;
  generatedAt: Date;
}): FormDocument {
  const { address: a, civil: c, tax: t, authorization: auth } = input;
  const accounts = (auth.accounts as FgtsAccount[] | undefined) ?? [];
  const fullAmount = auth.full_amount === true;
  const company = auth.has_company === true ? (auth.company as V) : null;
  const hasPartner = typeof c.spouse_name === 'string';
  const works = typeof a.name_occupation === 'string';
  const addressLine = [
    str(a.street),
    a.nonumber === true ? 's/nº' : str(a.number),
    a.nocomplement === true ? '' : str(a.complement),
  ]
    .filter(Boolean)
    .join(', ');
  const civilLabel = CIVIL_STATUS_LABELS[c.civil_status as keyof typeof CIVIL_STATUS_LABELS] ?? str(c.civil_status);

  const blocks: FormBlock[] = [
    { kind: 'heading', text: '1. Identificação do trabalhador' },
    {
      kind: 'fields',
      rows: [
        ['Nome', input.person.name],
        ['CPF', formatCpf(input.person.cpf)],
        ['PIS/PASEP', formatPis(str(auth.pis_pasep))],
        ['Estado civil', `${civilLabel}${c.stable_union === true ? ' (em união estável)' : ''}`],
        ...(hasPartner
          ? ([
              ['Cônjuge ou companheiro(a)', str(c.spouse_name)],
              ['CPF do cônjuge', formatCpf(str(c.spouse_cpf))],
              [
                'Regime de bens',
                MARRIAGE_REGIME_LABELS[c.marriage_regime as keyof typeof MARRIAGE_REGIME_LABELS] ?? '',
              ],
              ['Data do casamento ou da união', formatBrDate(str(c.marriage_date))],
              ['O cônjuge também usa o FGTS', yes(c.spouse_uses_fgts)],
            ] as [string, string][])
          : []),
        [
          'Imposto de renda',
          t.declares_income_tax === 'yes'
            ? `Declarante — exercício ${str(t.tax_year)}, recibo nº ${str(t.receipt_number)}`
            : 'Isento(a) da declaração',
        ],
      ],
    },
    { kind: 'heading', text: '2. Imóvel objeto da operação' },
    {
      kind: 'fields',
      rows: [
        ['Endereço', addressLine],
        ['Bairro', str(a.district)],
        ['Município/UF', `${str(a.city)}/${str(a.state)}`],
        ['CEP', formatCep(str(a.cep))],
        ['Destinado à moradia própria', yes(a.intent_housing)],
        ['Proposta', `${input.proposalCode} — imóvel em ${input.property.city}/${input.property.uf}`],
      ],
    },
    { kind: 'heading', text: '3. Ocupação e residência' },
    {
      kind: 'fields',
      rows: [
        ['Ocupação', OCCUPATION_LABELS[a.occupation as keyof typeof OCCUPATION_LABELS] ?? str(a.occupation)],
        ...(works
          ? ([
              ['Empresa, órgão ou atividade', str(a.name_occupation)],
              ['Município/UF de trabalho', `${str(a.city_occupation)}/${str(a.state_occupation)}`],
              ['Imóvel no município onde trabalha', yes(a.same_city_work)],
            ] as [string, string][])
          : []),
        ['Município/UF onde mora', `${str(a.city_live)}/${str(a.state_live)}`],
        ['Imóvel no município onde mora', yes(a.same_city_living)],
        ...(a.same_city_living === true
          ? ([['Mora lá há mais de 1 ano', yes(a.same_city_living_year)]] as [string, string][])
          : []),
      ],
    },
    { kind: 'heading', text: '4. Contas vinculadas do FGTS a movimentar' },
    {
      kind: 'table',
      columns: [
        { title: 'Empregador', width: 50 },
        { title: 'Conta vinculada', width: 28 },
        { title: 'Valor a utilizar', width: 22, align: 'right' },
      ],
      rows: accounts.map((acc) => [
        acc.employee,
        acc.account,
        fullAmount || acc.amount === undefined ? 'Saldo total' : formatMoney(acc.amount),
      ]),
    },
    {
      kind: 'paragraph',
      text: fullAmount
        ? 'Autorizo a utilização do saldo total disponível nas contas acima.'
        : `Total a utilizar: ${formatMoney(accounts.reduce((n, acc) => n + (acc.amount ?? 0), 0))}.`,
    },
  ];
  if (company) {
    blocks.push(
      { kind: 'heading', text: '5. Empresa empregadora atual' },
      {
        kind: 'fields',
        rows: [
          ['Razão social', str(company.name)],
          ['CNPJ', formatCnpj(str(company.cnpj))],
          ['Endereço', [str(company.street), str(company.number), str(company.complement)].filter(Boolean).join(', ')],
          ['Bairro', str(company.district)],
          ['Município/UF', `${str(company.city)}/${str(company.state)}`],
        ],
      },
    );
  }
  blocks.push(
    { kind: 'heading', text: `${company ? 6 : 5}. Declarações` },
    ...FGTS_RULES.map((r): FormBlock => ({ kind: 'paragraph', text: `• ${declarationOf(r.field)}` })),
    {
      kind: 'paragraph',
      text: 'Declaro, sob as penas da lei (Código Penal, art. 299), que as informações acima são verdadeiras e autorizo a movimentação das contas vinculadas do FGTS indicadas para a aquisição deste imóvel para minha moradia própria.',
    },
    {
      kind: 'signatures',
      lines: [
        'Local e data',
        `Assinatura do(a) trabalhador(a) — ${input.person.name}`,
        ...(hasPartner ? [`Assinatura do cônjuge ou companheiro(a) — ${str(c.spouse_name)}`] : []),
      ],
    },
  );

  return {
    title: 'Autorização para movimentação da conta vinculada do FGTS',
    subtitle: `Utilização do FGTS na aquisição de moradia própria — proposta ${input.proposalCode}`,
    blocks,
    footer: `Gerado pelo Portal de Propostas em ${formatInstant(input.generatedAt)}`,
    author: input.person.name,
    subject: `FGTS — ${input.proposalCode}`,
  };
}

function declarationOf(field: (typeof FGTS_RULES)[number]['field']): string {
  switch (field) {
    case 'contribution_years':
      return 'Tenho pelo menos 3 anos de trabalho sob o regime do FGTS, somados todos os períodos.';
    case 'works_or_lives_in_city':
      return 'Trabalho ou moro há mais de 1 ano no município do imóvel, em município vizinho ou na mesma região metropolitana.';
    case 'owns_home_in_city':
      return 'Não sou dono(a) nem estou comprando outro imóvel residencial no município onde moro, trabalho ou onde fica este imóvel.';
    case 'active_sfh_financing':
      return 'Não tenho financiamento ativo no Sistema Financeiro da Habitação (SFH) em nenhum lugar do Brasil.';
    case 'used_fgts_last_3_years':
      return 'Não usei o FGTS na compra de outro imóvel nos últimos 3 anos.';
  }
}
