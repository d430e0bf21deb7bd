/**
 * Main banks and payment institutions of Brazil with their COMPE codes (the three-digit numbers of
 * the Central Bank's list of institutions in the STR/COMPE), used where a person gives an account to
 * receive or pay. Stored by code; shown as "341 — Itaú Unibanco".
 */
export const BANKS = [
  { code: '001', name: 'Banco do Brasil' },
  { code: '003', name: 'Banco da Amazônia' },
  { code: '004', name: 'Banco do Nordeste' },
  { code: '021', name: 'Banestes' },
  { code: '033', name: 'Santander' },
  { code: '037', name: 'Banpará' },
  { code: '041', name: 'Banrisul' },
  { code: '047', name: 'Banese' },
  { code: '070', name: 'BRB — Banco de Brasília' },
  { code: '077', name: 'Banco Inter' },
  { code: '085', name: 'Ailos' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '136', name: 'Unicred' },
  { code: '208', name: 'BTG Pactual' },
  { code: '212', name: 'Banco Original' },
  { code: '237', name: 'Bradesco' },
  { code: '260', name: 'Nubank (Nu Pagamentos)' },
  { code: '290', name: 'PagBank (PagSeguro)' },
  { code: '323', name: 'Mercado Pago' },
  { code: '336', name: 'C6 Bank' },
  { code: '341', name: 'Itaú Unibanco' },
  { code: '348', name: 'Banco XP' },
  { code: '380', name: 'PicPay' },
  { code: '389', name: 'Banco Mercantil do Brasil' },
  { code: '422', name: 'Banco Safra' },
  { code: '623', name: 'Banco Pan' },
  { code: '633', name: 'Banco Rendimento' },
  { code: '655', name: 'Banco BV (Votorantim)' },
  { code: '707', name: 'Banco Daycoval' },
  { code: '745', name: 'Citibank' },
  { code: '748', name: 'Sicredi' },
  { code: '756', name: 'Sicoob' },
] as const;

export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES = BANKS.map((b) => b.code) as unknown as readonly [BankCode, ...BankCode[]];

/** "341 — Itaú Unibanco"; an unknown code is shown as it is. */
export function bankLabel(code: string): string {
  const bank = BANKS.find((b) => b.code === code);
  return bank ? `${bank.code} — ${bank.name}` : code;
}

/** The banks most people hold their account in, offered first (the rest follow in code order). */
export const MOST_USED_BANK_CODES = ['001', '033', '104', '237', '341', '260', '077', '336', '748', '756'] as const;

/**
 * The choices of a bank list: the most used banks first, then the others by code. Built as a list,
 * never from an object's keys: codes like "104" are integer-like keys that an object iterates before
 * "001" and "033", which put Banco do Brasil and Santander at the end of the list.
 */
export const BANK_CHOICES: readonly { value: BankCode; label: string }[] = [
  ...MOST_USED_BANK_CODES.map((code) => BANKS.find((b) => b.code === code)!),
  ...BANKS.filter((b) => !(MOST_USED_BANK_CODES as readonly string[]).includes(b.code)),
].map((b) => ({ value: b.code, label: bankLabel(b.code) }));

export const BANK_LABELS = Object.fromEntries(BANKS.map((b) => [b.code, bankLabel(b.code)])) as Record<
  BankCode,
  string
>;
