import { choice, cnpj, cpf, email, flag, phone, requiredText } from './fields';
import { defineSection, type ProposalFacts, type SectionContext, type Values } from './section';
import {
  addressShape,
  canHaveUnion as anyoneCanHaveUnion,
  CIVIL_STATUSES,
  hasPartner,
  isYes,
  MARRIAGE_REGIMES,
  YES_NO,
} from './section-parts';

/** The seller as a person or a company (docs/product/seller.md): who sells, where they live, their marriage. */

export const SELLER_PERSON_TYPES = ['person', 'company'] as const;
export const SELLER_PERSON_TYPE_LABELS: Record<(typeof SELLER_PERSON_TYPES)[number], string> = {
  person: 'Pessoa física',
  company: 'Pessoa jurídica (empresa)',
};

const isPerson = (v: Values) => v.person_type === 'person';
const isCompany = (v: Values) => v.person_type === 'company';
const canHaveUnion = (v: Values) => isPerson(v) && anyoneCanHaveUnion(v);
const hasSpouse = (v: Values) => isPerson(v) && hasPartner(v, 'marriage_union');

/** The seller's own document as the general data gave it (CPF of a person, CNPJ of a company). */
export function sellerDocument(general: Values | null): string | null {
  if (!general) return null;
  const doc = general.person_type === 'company' ? general.cnpj : general.cpf;
  return typeof doc === 'string' && doc ? doc : null;
}

/** The seller's general data as saved, for the rules of later sections. */
export const generalOf = (ctx: SectionContext) => ctx.facts?.sectionValues('seller-general-data', null) ?? null;

/** /seller/proposals/:id/general-data: who sells (a person or a company), and the spouse where one applies. */
export const sellerGeneralDataSection = defineSection({
  key: 'seller-general-data',
  scope: 'seller',
  title: 'Dados gerais do vendedor',
  shape: () => ({
    person_type: choice(SELLER_PERSON_TYPES),
    name: requiredText(120),
    cpf: cpf(),
    cnpj: cnpj(),
    email: email(),
    phone: phone(),
    representative_name: requiredText(120),
    representative_cpf: cpf(),
    civil_status: choice(CIVIL_STATUSES),
    marriage_union: flag(),
    marriage_regime: choice(MARRIAGE_REGIMES),
    spouse_name: requiredText(120),
    spouse_cpf: cpf(),
  }),
  when: {
    cpf: isPerson,
    cnpj: isCompany,
    representative_name: isCompany,
    representative_cpf: isCompany,
    civil_status: isPerson,
    marriage_union: canHaveUnion,
    marriage_regime: hasSpouse,
    spouse_name: hasSpouse,
    spouse_cpf: hasSpouse,
  },
  rules(v) {
    if (hasSpouse(v) && typeof v.spouse_cpf === 'string' && v.spouse_cpf === v.cpf)
      return [{ path: 'spouse_cpf', message: 'O CPF do cônjuge deve ser diferente do seu' }];
    return [];
  },
});

/** /seller/proposals/:id/address: where the seller lives (or the company's seat), filled from the CEP. */
export const sellerAddressSection = defineSection({
  key: 'seller-address',
  scope: 'seller',
  title: 'Endereço do vendedor',
  shape: addressShape,
});

export const SPOUSE_SIGNS = ['yes', 'no', 'not_applicable'] as const;
export const SPOUSE_SIGNS_LABELS: Record<(typeof SPOUSE_SIGNS)[number], string> = {
  yes: 'Sim',
  no: 'Não',
  not_applicable: 'Não se aplica',
};

/**
 * /seller/proposals/:id/property/marital/questions: what the seller's marriage means for the sale.
 * Only a person has one: a company seller skips it.
 */
export const sellerMaritalSection = defineSection({
  key: 'seller-marital',
  scope: 'seller',
  title: 'Estado civil e o imóvel',
  required: (facts: ProposalFacts) => facts.sectionValues('seller-general-data', null)?.person_type !== 'company',
  shape: () => ({
    acquired_in_union: choice(YES_NO),
    spouse_signs: choice(SPOUSE_SIGNS),
    pending_partition: choice(YES_NO),
    partition_details: requiredText(1000, { multiline: true }),
  }),
  when: { partition_details: isYes('pending_partition') },
  rules(v, ctx) {
    const general = generalOf(ctx);
    if (!general) return [];
    if (general.person_type === 'company')
      return [{ path: 'spouse_signs', message: 'Esta etapa é só para vendedor pessoa física' }];
    const married = general.civil_status === 'married';
    if (married && v.spouse_signs === 'not_applicable')
      return [{ path: 'spouse_signs', message: 'Você informou que é casado(a): responda Sim ou Não' }];
    // Código Civil art. 1.647, I: a married person sells a property only with the spouse's consent,
    // except under total separation of property.
    if (married && general.marriage_regime !== 'total_separation' && v.spouse_signs !== 'yes')
      return [
        {
          path: 'spouse_signs',
          message:
            'Casado(a) fora da separação total de bens, o cônjuge precisa assinar a venda (Código Civil, art. 1.647)',
        },
      ];
    return [];
  },
});
