import { describe, expect, it } from 'vitest';
import { DELETION_STATUS_LABELS, REMOVED_NAME, removedEmail } from './privacy';
import { sellerProposalSchema, toSellerProposal, type Proposal } from './proposal';
import { CUSTOMER, PROPOSAL } from './testing/responses';

const proposal: Proposal = {
  ...PROPOSAL,
  customers: [CUSTOMER, { id: 'c2', position: 1, name: 'João Silva', email: 'joao@example.com', cpf: '11144477735' }],
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
