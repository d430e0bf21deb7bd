import { z } from 'zod';
import { brDate, choice, cnpj, cpf, email, flag, money, percent, phone, requiredText, uf } from './fields';
import { defineSection, type SectionContext, type Values } from './section';
import { addressShape, canHaveUnion, CIVIL_STATUSES, hasPartner, MARRIAGE_REGIMES } from './section-parts';

export { CIVIL_STATUSES, CIVIL_STATUS_LABELS, MARRIAGE_REGIMES, MARRIAGE_REGIME_LABELS } from './section-parts';

const isMarriedOrUnion = (v: Values) => hasPartner(v, 'marriage_union');
const isRepresented = (v: Values) => v.represented === true;
/** Only the second buyer can reuse the main buyer's address; the main buyer's own answer is ignored. */
const ownAddress = (v: Values, ctx: SectionContext) => !(ctx.buyer === 1 && v.same_main_buyer_address === true);

/** Buyer general data (docs/product/forms.md). */
export const buyerDataSection = defineSection({
  key: 'data',
  scope: 'buyer',
  title: 'Dados gerais',
  shape: () => ({
    name: requiredText(120),
    cpf: cpf(),
    email: email(),
    phone: phone(),
    birth_date: brDate({ past: true, minAge: 18 }),
    civil_status: choice(CIVIL_STATUSES),
    marriage_union: flag(),
    marriage_date: brDate({ past: true }),
    marriage_regime: choice(MARRIAGE_REGIMES),
    occupation: requiredText(120),
    registered_employees: flag(),
    income: money({ min: 1 }),
    represented: flag(),
    name_attorney: requiredText(120),
    email_attorney: email(),
    attorney_type: choice(['person', 'company']).default('person'),
    cpf_attorney: z.string(),
    attorney_phone_type: choice(['normal', 'mobile']).default('normal'),
    phone_attorney: phone(),
  }),
  when: {
    marriage_union: canHaveUnion,
    marriage_date: isMarriedOrUnion,
    marriage_regime: isMarriedOrUnion,
    name_attorney: isRepresented,
    email_attorney: isRepresented,
    attorney_type: isRepresented,
    cpf_attorney: isRepresented,
    attorney_phone_type: isRepresented,
    phone_attorney: isRepresented,
  },
  rules(v) {
    if (!isRepresented(v)) return [];
    // The attorney's document is a CPF for a person, a CNPJ for a company.
    const doc = String(v.cpf_attorney ?? '');
    if (!doc.trim()) return [{ path: 'cpf_attorney', message: 'Obrigatório' }];
    const check = v.attorney_type === 'company' ? cnpj().safeParse(doc) : cpf().safeParse(doc);
    return check.success ? [] : [{ path: 'cpf_attorney', message: check.error.issues[0]!.message }];
  },
});

/** Address form (docs/product/forms.md). The second buyer may reuse the main buyer's address. */
export const addressSection = defineSection({
  key: 'address',
  scope: 'buyer',
  title: 'Endereço',
  shape: () => ({
    same_main_buyer_address: flag(),
    ...addressShape(),
    user_address: flag(),
  }),
  when: {
    // Only the second buyer can reuse the main buyer's address.
    same_main_buyer_address: (_v, ctx) => ctx.buyer === 1,
    cep: ownAddress,
    address: ownAddress,
    number: ownAddress,
    complement: ownAddress,
    district: ownAddress,
    city: ownAddress,
    state: ownAddress,
  },
});

export const DOCUMENT_TYPES = ['rg', 'cnh', 'rne', 'passport'] as const;
export const DOCUMENT_TYPE_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  rg: 'RG — Carteira de identidade',
  cnh: 'CNH — Carteira de motorista',
  rne: 'RNE/CRNM — Registro de estrangeiro',
  passport: 'Passaporte',
};

/** Document registration (docs/product/forms.md). affiliation_two: the document lists no second parent. */
export const documentSection = defineSection({
  key: 'document',
  scope: 'buyer',
  title: 'Documento de identificação',
  shape: () => ({
    document_type: choice(DOCUMENT_TYPES),
    document_number: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[0-9A-Za-z.\-/ ]{4,20}$/),
    issuing_authority: requiredText(30),
    uf: uf(),
    expedition_date: brDate({ past: true }),
    gender: choice(['female', 'male']),
    birth_date_document: brDate({ past: true, minAge: 18 }),
    birth_state: uf(),
    birth_city: requiredText(100),
    mother_name: requiredText(120),
    affiliation_two: flag(),
    father_name: requiredText(120),
  }),
  when: { father_name: (v) => v.affiliation_two !== true },
  rules(v) {
    return typeof v.expedition_date === 'string' &&
      typeof v.birth_date_document === 'string' &&
      v.expedition_date < v.birth_date_document
      ? [{ path: 'expedition_date', message: 'A data de expedição não pode ser anterior ao nascimento' }]
      : [];
  },
});

/** Investment (docs/product/forms.md): the debit account and how the two buyers split the financing. */
export const investmentSection = defineSection({
  key: 'investment',
  scope: 'proposal',
  title: 'Dados de investimento',
  shape: () => ({
    agency: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{4}$/, { error: 'Insira uma agência de 4 dígitos' }),
    account: z
      .string()
      .trim()
      .min(1)
      .regex(/^\d{1,12}-?[\dXx]$/, { error: 'Insira a conta com o dígito (ex.: 12345-6)' }),
    authorize_debit: flag(),
    embed_tariffs: flag(),
    first_buyer_percent: percent(),
    second_buyer_percent: percent().optional(),
    sfh: flag(),
  }),
  when: { second_buyer_percent: (_v, ctx) => ctx.buyers > 1 },
  // One buyer holds the whole financing: the share is not asked.
  fixed: { first_buyer_percent: (ctx) => (ctx.buyers > 1 ? undefined : 100) },
  rules(v, ctx) {
    const issues: { path: string; message: string }[] = [];
    if (v.authorize_debit !== true)
      issues.push({ path: 'authorize_debit', message: 'É preciso autorizar o débito das parcelas nesta conta' });
    const sum = Number(v.first_buyer_percent ?? 0) + Number(v.second_buyer_percent ?? 0);
    if (ctx.buyers > 1 && v.second_buyer_percent === undefined)
      issues.push({ path: 'second_buyer_percent', message: 'Obrigatório' });
    // The sum is checked only once the first percentage is valid (it may have failed its own rule).
    else if (ctx.buyers > 1 && typeof v.first_buyer_percent === 'number' && Math.abs(sum - 100) > 1e-9)
      issues.push({ path: 'second_buyer_percent', message: 'Os percentuais dos compradores devem somar 100%' });
    return issues;
  },
});

/** Seller form (docs/product/forms.md): submitting it invites the seller. */
export const sellerFormSection = defineSection({
  key: 'seller',
  scope: 'proposal',
  title: 'Dados do vendedor',
  shape: () => ({
    sellerName: requiredText(120),
    sellerEmail: email(),
    sellerPhone: phone(),
  }),
});

/** The buyers' own sections, in the order of the buyer's flow. */
export const BUYER_SECTIONS = [
  buyerDataSection,
  addressSection,
  documentSection,
  investmentSection,
  sellerFormSection,
] as const;
