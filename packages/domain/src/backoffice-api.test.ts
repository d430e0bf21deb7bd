import { describe, expect, it } from 'vitest';
import {
  auditPageResponseSchema,
  backofficeProposalViewResponseSchema,
  createdProposalResponseSchema,
  operatorListResponseSchema,
  operatorResponseSchema,
  outboxPageResponseSchema,
  proposalHistoryResponseSchema,
} from './backoffice-api';
import { PROPOSAL } from './testing/responses';

const proposal = {
  ...PROPOSAL,
  status: 'under_review',
  stage: 'credit_analysis',
  customerData: null,
  property: { ...PROPOSAL.property, kind: 'house' },
  financingOrCgiData: {
    ...PROPOSAL.financingOrCgiData,
    amortizationSystem: 'PRICE',
    feeType: 'tr',
    insuranceCompanyName: 'tokio',
  },
};
const entry = {
  id: 'h1',
  at: '2026-06-15T12:00:00.000Z',
  kind: 'status',
  from: 'filling',
  to: 'under_review',
  label: 'Situação: Em preenchimento → Em análise',
  reason: null,
  actor: 'Equipe do portal',
  section: null,
};
const view = {
  proposal,
  members: [
    {
      id: 'c1',
      role: 'buyer',
      position: 0,
      name: 'Maria Silva',
      email: 'maria@example.com',
      cpf: null,
      hasAccount: true,
    },
    {
      id: 's1',
      role: 'seller',
      position: 0,
      name: 'João Souza',
      email: 'joao@example.com',
      cpf: null,
      hasAccount: false,
    },
  ],
  sections: [
    {
      key: 'data',
      title: 'Dados pessoais',
      scope: 'buyer',
      buyer: 0,
      required: true,
      status: 'done',
      values: { name: 'Maria Silva' },
      hasDraft: false,
      submittedAt: '2026-06-14T12:00:00.000Z',
      reviewNote: null,
    },
    {
      key: 'seller-data',
      title: 'Dados do vendedor',
      scope: 'seller',
      buyer: null,
      required: true,
      status: 'todo',
      values: null,
      hasDraft: true,
      submittedAt: null,
      reviewNote: 'Falta o CPF',
    },
  ],
  history: [entry],
  nextStatuses: ['pending_correction', 'approved'],
  nextStages: ['appraisal'],
  canRequestCorrection: true,
  canViewHealth: false,
  documents: { pending: 2, accepted: 3, rejected: 1 },
  sellerCompletedAt: null,
};
const operator = {
  id: 'o1',
  name: 'Olga Operadora',
  email: 'olga@example.com',
  canViewHealth: true,
  active: false,
  createdAt: '2026-06-15T12:00:00.000Z',
};

describe('back-office responses', () => {
  it('carries everything about one proposal', () => {
    expect(backofficeProposalViewResponseSchema.parse({ data: view })).toEqual({ data: view });
    const noDocuments = { ...view, documents: null, sellerCompletedAt: '2026-06-15T12:00:00.000Z' };
    expect(backofficeProposalViewResponseSchema.parse({ data: noDocuments })).toEqual({ data: noDocuments });
    const operatorMember = { ...view, members: [{ ...view.members[0], role: 'operator' }] };
    expect(backofficeProposalViewResponseSchema.safeParse({ data: operatorMember }).success).toBe(false);
    expect(backofficeProposalViewResponseSchema.safeParse({ data: { ...view, nextStages: ['done'] } }).success).toBe(
      false,
    );
  });

  it('answers a new proposal with its id and code', () => {
    const body = { data: { id: 'p2', code: 'CGI-2026-000002' } };
    expect(createdProposalResponseSchema.parse(body)).toEqual(body);
    expect(createdProposalResponseSchema.safeParse({ data: { id: 'p2' } }).success).toBe(false);
  });

  it('carries the situation and the history', () => {
    const body = {
      data: {
        status: 'under_review',
        statusLabel: 'Em análise',
        stage: 'credit_analysis',
        stageLabel: 'Análise de crédito',
        entries: [entry],
      },
    };
    expect(proposalHistoryResponseSchema.parse(body)).toEqual(body);
    expect(proposalHistoryResponseSchema.safeParse({ data: { ...body.data, status: 'lost' } }).success).toBe(false);
  });

  it('pages the audit log and the outbox', () => {
    const audit = {
      data: [
        {
          id: 'a1',
          at: '2026-06-15T12:00:00.000Z',
          actor: { id: 'o1', name: 'Olga Operadora', email: 'olga@example.com', role: 'operator' },
          action: 'proposal.read',
          subject: 'proposal:p1',
          proposalCode: 'FIN-2026-000001',
          proposalId: 'p1',
          ip: '127.0.0.1',
          detail: null,
        },
      ],
      page: { next: 'a1' },
    };
    expect(auditPageResponseSchema.parse(audit)).toEqual(audit);
    expect(auditPageResponseSchema.safeParse({ data: audit.data }).success).toBe(false);
    const outbox = {
      data: [
        {
          id: 'm1',
          to: 'maria@example.com',
          subject: 'Convite',
          kind: 'invitation',
          state: 'failing',
          attempts: 2,
          lastError: 'connection refused',
          createdAt: '2026-06-15T12:00:00.000Z',
          sentAt: null,
        },
      ],
      page: { next: null },
    };
    expect(outboxPageResponseSchema.parse(outbox)).toEqual(outbox);
    expect(
      outboxPageResponseSchema.safeParse({ data: [{ ...outbox.data[0], state: 'lost' }], page: { next: null } })
        .success,
    ).toBe(false);
  });

  it('carries the operators', () => {
    expect(operatorListResponseSchema.parse({ data: [operator] })).toEqual({ data: [operator] });
    expect(operatorResponseSchema.parse({ data: operator })).toEqual({ data: operator });
    expect(operatorResponseSchema.safeParse({ data: [operator] }).success).toBe(false);
  });
});
