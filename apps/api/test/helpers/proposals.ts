import { expect } from 'vitest';
import { completeCpf } from '@portal/domain/cpf';
import type { Client } from './client';

let seq = 0;

type Buyer = { name: string; cpf: string; email: string };

/**
 * The body of POST /backoffice/proposals for a residential financing of a São Paulo apartment
 * (SAC, 360 months, Itaú), with the given buyers; `options` changes the property type, the system,
 * the amount or the product.
 */
export function financingProposalBody(
  buyers: Buyer[],
  options: { type?: string; system?: string; amount?: string; product?: string } = {},
) {
  return {
    type: 'financing',
    buyers,
    property: {
      type: options.type ?? 'residential',
      kind: 'apartment',
      zipCode: '01310-100',
      uf: 'SP',
      city: 'São Paulo',
    },
    financingOrCgiData: {
      amortizationSystem: options.system ?? 'SAC',
      amount: options.amount ?? '350.000,00',
      feeType: 'tr',
      installments: '360',
      insuranceCompanyName: 'itau',
      product: options.product ?? 'SFH — Imóvel residencial',
    },
  };
}

/**
 * A new financing proposal created by the operator: the demo buyer (comprador) as main buyer and a
 * fresh second buyer each time. Returns its id.
 */
export async function newFinancingProposal(
  operator: Client,
  options: { type?: string; system?: string; amount?: string } = {},
): Promise<string> {
  seq++;
  const cpf = completeCpf(String(410_000_000 + seq * 7_919 + Math.floor(Math.random() * 100_000)));
  const buyers = [
    { name: 'Carlos Eduardo Souza', cpf: '529.982.247-25', email: 'comprador@demo.com.br' },
    { name: 'Paula Segunda Compradora', cpf, email: `segunda${seq}-${cpf}@exemplo.com` },
  ];
  const res = await operator.post(
    '/api/v3/backoffice/proposals',
    financingProposalBody(buyers, {
      amount: '1.000.000,00',
      product: 'SFH — Imóvel residencial com FGTS',
      ...options,
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
