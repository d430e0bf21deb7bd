import { expect } from 'vitest';
import { completeCpf } from '@portal/domain/cpf';
import type { Client } from './client';

let seq = 0;

/**
 * A new financing proposal created by the operator: the demo buyer (comprador) as main buyer and a
 * fresh second buyer each time, a São Paulo property. Returns its id.
 */
export async function newFinancingProposal(
  operator: Client,
  options: { type?: string; system?: string; amount?: string } = {},
): Promise<string> {
  seq++;
  const cpf = completeCpf(String(410_000_000 + seq * 7_919 + Math.floor(Math.random() * 100_000)));
  const res = await operator.post('/api/v3/backoffice/proposals', {
    type: 'financing',
    buyers: [
      { name: 'Carlos Eduardo Souza', cpf: '529.982.247-25', email: 'comprador@demo.com.br' },
      { name: 'Paula Segunda Compradora', cpf, email: `segunda${seq}-${cpf}@exemplo.com` },
    ],
    property: {
      type: options.type ?? 'residential',
      kind: 'apartment',
      zipCode: '01310-100',
      uf: 'SP',
      city: 'São Paulo',
    },
    financingOrCgiData: {
      amortizationSystem: options.system ?? 'SAC',
      amount: options.amount ?? '1.000.000,00',
      feeType: 'tr',
      installments: '360',
      insuranceCompanyName: 'itau',
      product: 'SFH — Imóvel residencial com FGTS',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
