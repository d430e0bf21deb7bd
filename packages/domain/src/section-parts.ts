import { cep, choice, optionalText, requiredText, uf } from './fields';
import type { Values } from './section';

/**
 * Building blocks several sections share: the yes/no answer, the address fields and the civil
 * status rules (who may declare a stable union, who has a spouse or partner).
 */

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];
export const YES_NO_LABELS: Record<YesNo, string> = { yes: 'Sim', no: 'Não' };
export const yesNo = () => choice(YES_NO);
/** The answer to `field` is "yes" (a `when` condition). */
export const isYes = (field: string) => (v: Values) => v[field] === 'yes';

/** The fields of a Brazilian address filled from the CEP (complement optional). */
export const addressShape = () => ({
  cep: cep(),
  address: requiredText(200),
  number: requiredText(20),
  complement: optionalText(100),
  district: requiredText(100),
  city: requiredText(100),
  state: uf(),
});

/** Civil status and marriage regimes of Brazilian law (Código Civil arts. 1.639 ff.). */
export const CIVIL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'separated'] as const;
export const CIVIL_STATUS_LABELS: Record<(typeof CIVIL_STATUSES)[number], string> = {
  single: 'Solteiro(a)',
  married: 'Casado(a)',
  divorced: 'Divorciado(a)',
  widowed: 'Viúvo(a)',
  separated: 'Separado(a) judicialmente',
};
export const MARRIAGE_REGIMES = [
  'partial_communion',
  'universal_communion',
  'total_separation',
  'mandatory_separation',
  'final_participation',
] as const;
export const MARRIAGE_REGIME_LABELS: Record<(typeof MARRIAGE_REGIMES)[number], string> = {
  partial_communion: 'Comunhão parcial de bens',
  universal_communion: 'Comunhão universal de bens',
  total_separation: 'Separação total de bens',
  mandatory_separation: 'Separação obrigatória de bens',
  final_participation: 'Participação final nos aquestos',
};

export const isMarried = (v: Values) => v.civil_status === 'married';
/** A stable union applies to anyone not married (single, divorced, widowed, separated). */
export const canHaveUnion = (v: Values) =>
  typeof v.civil_status === 'string' && v.civil_status !== '' && v.civil_status !== 'married';
/** Married, or in a stable union declared with the flag `unionField`. */
export const hasPartner = (v: Values, unionField: string) =>
  isMarried(v) || (canHaveUnion(v) && v[unionField] === true);
