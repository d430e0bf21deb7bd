import { describe, expect, it } from 'vitest';
import { DELETION_STATUS_LABELS, REMOVED_NAME, removedEmail } from './privacy';
import { sellerProposalSchema, toSellerProposal, type Proposal } from './proposal';

const proposal: Proposal = {
  id: 'p1',
  code: 'FIN-2026-000001',
  fillingStatus: 40,
  type: 'financing',
  status: 'filling',
  stage: 'registration',
  customers: [
    { id: 'c1', position: 0, name: 'Maria Silva', email: 'maria@example.com', cpf: '52998224725' },
    { id: 'c2', position: 1, name: 'João Silva', email: 'joao@example.com', cpf: '11144477735' },
  ],
  customerData: { id: 'c1', position: 0, name: 'Maria Silva', email: 'maria@example.com', cpf: '52998224725' },
  property: { type: 'residential', kind: 'apartment', zipCode: '01310100', uf: 'SP', city: 'São Paulo' },
  financingOrCgiData: { amount: 50_000_000, installments: 360 } as unknown as Proposal['financingOrCgiData'],
  updatedAt: '2026-06-15T12:00:00.000Z',
};

describe('what a seller sees of a proposal', () => {
  it('the code, type, status, stage, where the property is and the buyers names — nothing else', () => {
    expect(toSellerProposal(proposal)).toEqual({
      id: 'p1',
      code: 'FIN-2026-000001',
      type: 'financing',
      status: 'filling',
      stage: 'registration',
      customers: [
        { id: 'c1', position: 0, name: 'Maria Silva' },
        { id: 'c2', position: 1, name: 'João Silva' },
      ],
      property: { kind: 'apartment', city: 'São Paulo', uf: 'SP' },
    });
  });

  it('passes the seller response schema, which carries no e-mail, CPF or financing terms', () => {
    const seen = sellerProposalSchema.parse(toSellerProposal(proposal));
    const text = JSON.stringify(seen);
    for (const secret of ['maria@example.com', '52998224725', '50000000', '01310100', 'fillingStatus']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('removal of personal data', () => {
  it('replaces the name and e-mail with anonymous values, unique per person', () => {
    expect(REMOVED_NAME).toBe('Titular removido');
    expect(removedEmail('u1')).toBe('removido-u1@anonimo.invalid');
    expect(removedEmail('u1')).not.toBe(removedEmail('u2'));
    expect(DELETION_STATUS_LABELS).toEqual({
      pending: 'Pedido recebido: em análise pela equipe do portal',
      completed: 'Dados apagados',
    });
  });
});
