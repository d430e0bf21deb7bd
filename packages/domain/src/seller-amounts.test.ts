import { beforeAll, describe, expect, it } from 'vitest';
import { BANKS, BANK_CHOICES, BANK_CODES, bankLabel } from './banks';
import { sellerAmountsSection } from './seller-sections';
import {
  COMPANY_CNPJ,
  SELLER as browser,
  SELLER_ACCOUNT,
  SELLER_CPF,
  SPOUSE_CPF,
  sellerOnServer as server,
  submitResult as submit,
} from './testing/fixtures';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** The banks and the account that receives the price. */

describe('banks', () => {
  it('lists the main banks once each, with three-digit COMPE codes', () => {
    expect(new Set(BANK_CODES).size).toBe(BANKS.length);
    for (const code of BANK_CODES) expect(code).toMatch(/^\d{3}$/);
    expect(bankLabel('104')).toBe('104 — Caixa Econômica Federal');
    expect(bankLabel('341')).toBe('341 — Itaú Unibanco');
    expect(bankLabel('001')).toBe('001 — Banco do Brasil');
  });

  it('offers every bank once, Banco do Brasil, Santander, Caixa, Bradesco and Itaú first', () => {
    expect(BANK_CHOICES.map((c) => c.value).slice(0, 5)).toEqual(['001', '033', '104', '237', '341']);
    expect(BANK_CHOICES[0]!.label).toBe('001 — Banco do Brasil');
    expect(new Set(BANK_CHOICES.map((c) => c.value))).toEqual(new Set(BANK_CODES));
    expect(BANK_CHOICES).toHaveLength(BANKS.length);
  });
});

const GENERAL = { 'seller-general-data': { person_type: 'person', cpf: SELLER_CPF } };

describe('amounts receivable', () => {
  it("takes the seller's own account", () => {
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server(GENERAL)).ok).toBe(true);
  });

  it('refuses an unknown bank, a bad agency or account, and a bad document, each on its field', () => {
    const r = submit(
      sellerAmountsSection,
      { ...SELLER_ACCOUNT, bank: '999', agency: '12', account: 'abc', holder_document: '123.456.789-00' },
      server(GENERAL),
    );
    expect(r).toEqual({
      ok: false,
      fields: {
        bank: 'Selecione uma opção',
        agency: 'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)',
        account: 'Insira a conta com o dígito (ex.: 12345-6)',
        holder_document: 'Insira um CPF ou CNPJ válido',
      },
    });
  });

  it("requires the account to be in the seller's CPF/CNPJ (known to the server only)", () => {
    const other = { ...SELLER_ACCOUNT, holder_document: SPOUSE_CPF };
    // The browser does not know the general data: the server decides.
    expect(submit(sellerAmountsSection, other, browser).ok).toBe(true);
    expect(submit(sellerAmountsSection, other, server(GENERAL))).toEqual({
      ok: false,
      fields: { holder_document: 'A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais' },
    });
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server({}))).toEqual({
      ok: false,
      fields: { holder_document: 'Preencha antes os dados gerais do vendedor' },
    });
    const company = { 'seller-general-data': { person_type: 'company', cnpj: COMPANY_CNPJ } };
    expect(
      submit(sellerAmountsSection, { ...SELLER_ACCOUNT, holder_document: '11.222.333/0001-81' }, server(company)).ok,
    ).toBe(true);
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server(company)).ok).toBe(false);
  });

  it('splits the amount between several sellers: a share strictly between 0 and 100 and who the others are', () => {
    const several = { ...SELLER_ACCOUNT, several_sellers: true };
    expect(submit(sellerAmountsSection, several, server(GENERAL))).toEqual({
      ok: false,
      fields: { share_percent: 'Obrigatório', other_sellers: 'Obrigatório' },
    });
    expect(
      submit(sellerAmountsSection, { ...several, share_percent: '100', other_sellers: 'Lúcia' }, server(GENERAL)),
    ).toEqual({
      ok: false,
      fields: { share_percent: 'Com mais de um vendedor, sua parte fica entre 0% e 100%' },
    });
    const ok = submit(
      sellerAmountsSection,
      { ...several, share_percent: '50', other_sellers: 'Lúcia Ferreira, CPF 118.229.337-xx' },
      server(GENERAL),
    );
    expect(ok.ok && ok.values.share_percent).toBe(50);
  });

  it('pays off the current financing when the property is still financed, and only then', () => {
    const financed = {
      ...GENERAL,
      'seller-property-financing': { still_financed: 'yes', financing_bank: '104', outstanding_balance: 12_000_000 },
    };
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server(financed))).toEqual({
      ok: false,
      fields: { payoff: 'O imóvel ainda está financiado: parte do valor quita esse saldo devedor' },
    });
    expect(submit(sellerAmountsSection, { ...SELLER_ACCOUNT, payoff: true }, server(financed))).toEqual({
      ok: false,
      fields: { payoff_amount: 'Obrigatório' },
    });
    const ok = submit(
      sellerAmountsSection,
      { ...SELLER_ACCOUNT, payoff: true, payoff_amount: '120.000,00' },
      server(financed),
    );
    expect(ok.ok && ok.values.payoff_amount).toBe(12_000_000);
    const free = { ...GENERAL, 'seller-property-financing': { still_financed: 'no' } };
    expect(
      submit(sellerAmountsSection, { ...SELLER_ACCOUNT, payoff: true, payoff_amount: '1,00' }, server(free)),
    ).toEqual({
      ok: false,
      fields: { payoff: 'Você informou que o imóvel não está financiado' },
    });
  });
});
