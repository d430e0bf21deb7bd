import { describe, expect, it } from 'vitest';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import { matchGroupsFor } from './review-match';

/** A proposal view with two buyers, the second at the main buyer's address, and the seller's registry. */
function view(): BackofficeProposalView {
  const section = (key: string, buyer: number | null, values: Record<string, unknown> | null) => ({
    key,
    title: key,
    scope: buyer === null ? 'seller' : 'buyer',
    buyer,
    required: true,
    status: 'done',
    values,
    hasDraft: false,
    submittedAt: null,
    reviewNote: null,
  });
  return {
    proposal: { id: 'p1', property: { city: 'São Paulo', uf: 'SP' } },
    members: [
      {
        id: 'm0',
        role: 'buyer',
        position: 0,
        name: 'Ana Souza',
        email: 'a@x.com',
        cpf: '52998224725',
        hasAccount: true,
      },
      { id: 'm1', role: 'buyer', position: 1, name: 'Bruno Souza', email: 'b@x.com', cpf: null, hasAccount: false },
      { id: 'm2', role: 'seller', position: 0, name: 'Carla Lima', email: 'c@x.com', cpf: null, hasAccount: true },
    ],
    sections: [
      section('data', 0, { name: 'Ana Souza', civil_status: 'married', income: 1_850_000, occupation: 'Engenheira' }),
      section('address', 0, { cep: '04538132', address: 'Avenida Brigadeiro Faria Lima', city: 'São Paulo' }),
      section('address', 1, { same_main_buyer_address: true }),
      section('seller-property-registry', null, { registration_number: '123456', registry_office: '4º Cartório' }),
    ],
  } as unknown as BackofficeProposalView;
}

const labels = (groups: ReturnType<typeof matchGroupsFor>) =>
  groups.map((g) => [g.title, g.rows.map((r) => `${r.label}: ${r.value}`)]);

describe('the data a document must match', () => {
  it('a proof of address: the buyer, and the address the buyer declared (the main one when the same)', () => {
    const second = labels(matchGroupsFor({ key: 'proof_of_address_buyer2', buyer: 1 }, view()));
    expect(second[0]![0]).toBe('Segundo comprador — Bruno Souza');
    expect(second[0]![1]).toContain('CPF: não preenchido');
    expect(second[1]).toEqual([
      'Endereço declarado',
      expect.arrayContaining([expect.stringContaining('Avenida Brigadeiro Faria Lima')]),
    ]);
  });

  it("an income-tax return: the buyer's CPF, civil status and income", () => {
    const [buyer] = labels(matchGroupsFor({ key: 'income_tax_buyer1', buyer: 0 }, view()));
    expect(buyer![1]).toEqual(
      expect.arrayContaining([
        'Nome: Ana Souza',
        'CPF: 529.982.247-25',
        expect.stringMatching(/^Renda mensal bruta: R\$/),
      ]),
    );
  });

  it("the property registration: the registration number, the property's address (or city) and the owner", () => {
    const groups = labels(matchGroupsFor({ key: 'property_registration', buyer: null }, view()));
    expect(groups.map((g) => g[0])).toEqual(['Registro do imóvel', 'Endereço do imóvel', 'Vendedor (proprietário)']);
    expect(groups[0]![1]).toEqual(expect.arrayContaining([expect.stringContaining('123456')]));
    expect(groups[1]![1]).toEqual(['Cidade/UF: São Paulo/SP']);
    expect(groups[2]![1]).toEqual(['Nome: Carla Lima', 'CPF: não preenchido']);
  });

  it('a marriage certificate: both buyers', () => {
    const groups = labels(matchGroupsFor({ key: 'marriage_lines', buyer: null }, view()));
    expect(groups.map((g) => g[0])).toEqual(['Comprador principal — Ana Souza', 'Segundo comprador — Bruno Souza']);
  });
});
