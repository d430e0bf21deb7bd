import { describe, expect, it } from 'vitest';
import {
  formatProposalCode,
  historyAudience,
  isHistoryVisible,
  newOperatorSchema,
  newProposalSchema,
  nextStages,
  nextStatuses,
  parseProposalSequence,
  partiesToNotify,
  proposalCodePrefix,
  proposalSearchTerms,
  searchQueryTerms,
  stageChangeError,
  statusChangeError,
} from './backoffice';
import { fieldErrors } from './api-error';
import { canTransition, PROPOSAL_STATUSES } from './proposal';
import { NEW_PROPOSAL as VALID } from './testing/fixtures';
import { installZodMessages } from './zod-messages';

installZodMessages();

const fieldsOf = (input: unknown) => {
  const r = newProposalSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe('new proposal schema', () => {
  it('accepts what an operator types and outputs canonical values', () => {
    const out = newProposalSchema.parse(VALID);
    expect(out.buyers[0]).toEqual({
      name: 'Fernanda Lima Prado',
      cpf: '52998224725',
      email: 'fernanda@exemplo.com.br',
    });
    expect(out.property.zipCode).toBe('01310100');
    expect(out.financingOrCgiData.amount).toBe(45_000_000);
    expect(out.financingOrCgiData.installments).toBe(360);
  });

  it('refuses bad CPF, CEP, e-mail, amount and installments with Portuguese messages', () => {
    const fields = fieldsOf({
      ...VALID,
      buyers: [{ name: 'Fernanda', cpf: '111.111.111-11', email: 'x@' }],
      property: { ...VALID.property, zipCode: '00000-000', uf: 'XX' },
      financingOrCgiData: { ...VALID.financingOrCgiData, amount: '500,00', installments: '421' },
    });
    expect(fields).toMatchObject({
      'buyers.0.name': 'Informe nome e sobrenome',
      'buyers.0.cpf': 'Insira um CPF válido',
      'buyers.0.email': 'Insira um e-mail válido',
      'property.zipCode': 'Insira um CEP válido',
      'property.uf': 'Selecione uma opção',
      'financingOrCgiData.amount': 'O valor mínimo é R$ 1.000,00',
      'financingOrCgiData.installments': 'Insira um número inteiro de 1 a 420',
    });
  });

  it('requires one or two buyers, with different CPFs and e-mails', () => {
    expect(fieldsOf({ ...VALID, buyers: [] })).toEqual({ buyers: 'Informe pelo menos um comprador' });
    const b = VALID.buyers[0]!;
    expect(fieldsOf({ ...VALID, buyers: [b, b, b] })).toEqual({
      buyers: 'A proposta aceita no máximo dois compradores',
    });
    expect(fieldsOf({ ...VALID, buyers: [b, { ...b, name: 'Outra Pessoa' }] })).toEqual({
      'buyers.1.cpf': 'Os compradores devem ter CPFs diferentes',
      'buyers.1.email': 'Os compradores devem ter e-mails diferentes',
    });
  });

  it('refuses unknown keys (no mass assignment) and missing values', () => {
    expect(fieldsOf({ ...VALID, status: 'approved' })).toHaveProperty('status');
    expect(
      fieldsOf({ ...VALID, financingOrCgiData: { ...VALID.financingOrCgiData, product: '  ', feeType: '' } }),
    ).toMatchObject({
      'financingOrCgiData.product': 'Obrigatório',
      'financingOrCgiData.feeType': 'Obrigatório',
    });
  });
});

describe('proposal codes', () => {
  it('formats PF and CGI codes with six digits per year', () => {
    expect(formatProposalCode('financing', 2026, 123)).toBe('PF-2026-000123');
    expect(formatProposalCode('cgi', 2027, 1)).toBe('CGI-2027-000001');
    expect(formatProposalCode('financing', 2026, 1_234_567)).toBe('PF-2026-1234567');
    expect(() => formatProposalCode('financing', 2026, 0)).toThrow();
  });

  it('reads the sequence back only for codes of the same series', () => {
    const prefix = proposalCodePrefix('financing', 2026);
    expect(parseProposalSequence('PF-2026-004817', prefix)).toBe(4817);
    expect(parseProposalSequence('CGI-2026-004817', prefix)).toBeNull();
    expect(parseProposalSequence('PF-2026-12a', prefix)).toBeNull();
    expect(parseProposalSequence(formatProposalCode('financing', 2026, 99), prefix)).toBe(99);
  });
});

describe('search terms', () => {
  const terms = proposalSearchTerms({
    code: 'PF-2026-004817',
    buyers: [
      { name: 'Carlos Eduardo Souza', cpf: '52998224725' },
      { name: 'Mariana Alves de Conceição', cpf: null },
    ],
  });
  const matches = (q: string) => searchQueryTerms(q).every((qt) => terms.some((t) => t.startsWith(qt)));

  it('indexes the code, its number, CPFs and name words without accents', () => {
    expect(terms).toEqual(
      expect.arrayContaining(['pf-2026-004817', '004817', '4817', '52998224725', 'carlos', 'souza', 'conceicao']),
    );
  });

  it.each([
    'PF-2026-004817',
    'pf-2026-0048',
    'PF 2026',
    '004817',
    '4817',
    '529.982.247-25',
    '529982',
    'carlos',
    'Souza Carlos',
    'Conceição',
    'mari alv',
  ])('finds the proposal by %s', (q) => expect(matches(q)).toBe(true));

  it.each(['CGI-2026', 'PF-2025', '111.222', 'Carlos Pereira', 'ana'])('does not find it by %s', (q) =>
    expect(matches(q)).toBe(false),
  );

  it('drops a lone initial beside longer words', () => {
    expect(searchQueryTerms('Ana S')).toEqual(['ana']);
    expect(searchQueryTerms('m')).toEqual(['m']);
  });

  it('an empty query has no terms', () => {
    expect(searchQueryTerms('  ..  ')).toEqual([]);
  });
});

describe('status and stage rules', () => {
  it('every edge of the machine is allowed and every other change refused with a Portuguese reason', () => {
    for (const from of PROPOSAL_STATUSES) {
      for (const to of PROPOSAL_STATUSES) {
        const edge = canTransition(from, to, 'operator');
        expect(statusChangeError(from, to) === null).toBe(edge);
      }
      expect(nextStatuses(from)).toEqual(PROPOSAL_STATUSES.filter((to) => canTransition(from, to, 'operator')));
    }
    expect(statusChangeError('filling', 'sent_to_bank')).toBe(
      'Não é possível passar a proposta de “Em preenchimento” para “Enviada ao banco”.',
    );
    expect(statusChangeError('approved', 'cancelled')).toBe('A proposta está “Aprovada” e não muda mais de situação.');
    expect(statusChangeError('under_review', 'under_review')).toBe('A proposta já está “Em análise”.');
    // The parties' own moves are not the team's to make.
    expect(statusChangeError('pending_correction', 'correction_answered')).toBe(
      'A proposta passa para “Correção respondida” quando os compradores ou o vendedor enviam a parte deles, não pela equipe.',
    );
    expect(nextStatuses('filling')).toEqual(['under_review', 'cancelled']);
    expect(nextStatuses('correction_answered')).toEqual([
      'under_review',
      'pending_correction',
      'sent_to_bank',
      'cancelled',
    ]);
  });

  it('stages move one step forward or back while the proposal is open', () => {
    expect(stageChangeError('under_review', 'registration', 'credit_analysis')).toBeNull();
    expect(stageChangeError('sent_to_bank', 'appraisal', 'credit_analysis')).toBeNull();
    expect(stageChangeError('under_review', 'registration', 'legal')).toMatch(/uma de cada vez/);
    expect(stageChangeError('approved', 'legal', 'contract')).toMatch(/não muda mais de etapa/);
    expect(nextStages('filling', 'appraisal')).toEqual(['credit_analysis', 'legal']);
    expect(nextStages('cancelled', 'appraisal')).toEqual([]);
  });

  it('history entries reach the parties they concern', () => {
    expect(historyAudience('status')).toEqual(['buyer', 'seller']);
    expect(historyAudience('correction', 'buyer')).toEqual(['buyer']);
    expect(historyAudience('correction', 'proposal')).toEqual(['buyer']);
    expect(historyAudience('correction', 'seller')).toEqual(['seller']);
    expect(isHistoryVisible(['buyer'], 'seller')).toBe(false);
    expect(isHistoryVisible(['buyer'], 'buyer')).toBe(true);
    expect(isHistoryVisible([], 'operator')).toBe(true);
  });

  it('e-mails go out only on changes that ask something of a party', () => {
    expect(partiesToNotify({ kind: 'status', to: 'pending_correction' })).toEqual(['buyer']);
    expect(partiesToNotify({ kind: 'status', to: 'sent_to_bank' })).toEqual([]);
    expect(partiesToNotify({ kind: 'stage', to: 'appraisal' })).toEqual(['seller']);
    expect(partiesToNotify({ kind: 'stage', to: 'legal' })).toEqual([]);
  });
});

describe('new operator schema', () => {
  it('needs a full name and a valid e-mail; the health permission is off unless given', () => {
    expect(newOperatorSchema.parse({ name: 'Paula Reis', email: 'Paula@Portal.com.br' })).toEqual({
      name: 'Paula Reis',
      email: 'paula@portal.com.br',
      canViewHealth: false,
    });
    expect(newOperatorSchema.safeParse({ name: 'Paula', email: 'x', role: 'operator' }).success).toBe(false);
  });
});
