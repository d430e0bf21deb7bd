import { z } from 'zod';
import type { FgtsPropertyRuleResult } from './fgts-property-rules';
import { MESSAGES } from './zod-messages';
import { once } from './once';

/**
 * A form section is data (Formbricks, cal.com): its fields' schemas, the predicates that show a
 * field only when it applies, and cross-field rules. The same definition builds the browser's
 * validation and the server's, and a hidden field is never required and never stored.
 */
export type Values = Record<string, unknown>;
/** What a rule may know besides the values: how many buyers the proposal has, which buyer this is. */
export interface SectionContext {
  buyers: number;
  buyer: number | null;
  /**
   * What the proposal's other sections say, when the caller knows it (the server does; the browser
   * does not): a rule that needs another section's values (e.g. the seller's bank account must be in
   * the seller's own CPF/CNPJ) checks it only when present, and the server is the authority.
   */
  facts?: ProposalFacts;
}

/**
 * What decides whether a section is required for a proposal: the number of buyers, the type, and
 * what other sections say (e.g. a buyer's FGTS answers make the FGTS forms required).
 */
export interface ProposalFacts {
  buyers: number;
  type: 'financing' | 'cgi';
  /** Submitted values of a section (buyer position, or null for proposal-wide/seller sections). */
  sectionValues(key: string, buyer: number | null): Values | null;
  /**
   * The outcome of the property's FGTS rules (empty for a CGI): a failed rule makes a buyer who
   * uses FGTS ineligible, so the FGTS forms stop being required. The API builds every ProposalFacts
   * with one function (apps/api/src/modules/financing/proposal-facts.ts).
   */
  fgtsPropertyRules: readonly FgtsPropertyRuleResult[];
}

export interface SectionDef<Shape extends z.ZodRawShape, Key extends string = string> {
  key: Key;
  /**
   * buyer: one per buyer of the proposal (?buyer=N), filled by that buyer; proposal: one for the
   * whole proposal, filled by the main buyer; seller: one per proposal, filled by the seller.
   */
  scope: 'buyer' | 'proposal' | 'seller';
  /** Whether the proposal needs it (default: always). Drives fillingStatus and "what is left". */
  required?: (facts: ProposalFacts, buyer: number | null) => boolean;
  title: string;
  shape: Shape;
  /** Field → when it applies. Absent: always. */
  when?: Partial<Record<keyof Shape & string, (values: Values, ctx: SectionContext) => boolean>>;
  /**
   * Field → the value the proposal imposes (undefined: the person answers). A fixed field is not
   * asked: the screens leave it out and the submit stores the imposed value whatever was sent
   * (with one buyer, the main buyer's share is 100 %).
   */
  fixed?: Partial<Record<keyof Shape & string, (ctx: SectionContext) => unknown>>;
  /** Cross-field rules on the parsed values; return issues at field paths. */
  rules?: (values: Values, ctx: SectionContext) => { path: string; message: string }[];
}

/**
 * A section as written: its fields' schemas come from a function, called the first time a caller
 * reads `shape`. Building zod schemas costs main-thread time in the browser, and a page that shows
 * one form imports the whole registry (for progress and "what is left", which need only keys,
 * scopes and `required`), so only the sections actually validated or drawn build their fields.
 */
export type SectionInput<Shape extends z.ZodRawShape, Key extends string> = Omit<SectionDef<Shape, Key>, 'shape'> & {
  shape: () => Shape;
};

export function defineSection<const Shape extends z.ZodRawShape, const Key extends string>(
  input: SectionInput<Shape, Key>,
): SectionDef<Shape, Key> {
  const { shape, ...def } = input;
  return Object.defineProperty(def, 'shape', { get: once(shape), enumerable: true }) as SectionDef<Shape, Key>;
}

/** True when the field applies to these (raw or parsed) values. */
export function isFieldVisible(
  def: SectionDef<z.ZodRawShape>,
  field: string,
  values: Values,
  ctx: SectionContext,
): boolean {
  const when = def.when?.[field];
  return when ? when(values, ctx) : true;
}

/** The values the proposal imposes on this section's fixed fields (only those that apply). */
export function fixedValues(def: SectionDef<z.ZodRawShape>, ctx: SectionContext): Values {
  const out: Values = {};
  for (const [field, fix] of Object.entries(def.fixed ?? {})) {
    const value = fix?.(ctx);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The full (submit) schema: every visible field must pass its own schema; hidden fields are
 * dropped before parsing, so they are neither required nor stored.
 *
 * Every error shows at the first submit: when some fields fail their own schema, the cross-field
 * rules still run, on the fields that passed (a failed field is absent, so a rule that needs it
 * does not fire), and a rule's message on a field that already has its own error is left out.
 * See docs/decisions/018-all-errors-at-first-submit.md.
 */
export function submitSchema<Shape extends z.ZodRawShape>(def: SectionDef<Shape>, ctx: SectionContext) {
  const fixed = fixedValues(def as never, ctx);
  return z.record(z.string(), z.unknown()).transform((sent, refine) => {
    for (const key of Object.keys(sent)) {
      if (!(key in def.shape)) refine.addIssue({ code: 'custom', path: [key], message: 'Campo não permitido' });
    }
    const raw = { ...sent, ...fixed };
    const visibleKeys = Object.keys(def.shape).filter((k) => isFieldVisible(def as never, k, raw, ctx));
    const object = z.object(Object.fromEntries(visibleKeys.map((k) => [k, def.shape[k]!])));
    const parsed = object.safeParse(Object.fromEntries(visibleKeys.map((k) => [k, raw[k]])));
    if (parsed.success) {
      for (const r of def.rules?.(parsed.data, ctx) ?? [])
        refine.addIssue({ code: 'custom', path: [r.path], message: r.message });
      return parsed.data as Partial<z.output<z.ZodObject<Shape>>>;
    }
    for (const issue of parsed.error.issues)
      refine.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const failed = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const valid: Values = {};
    for (const k of visibleKeys) {
      if (failed.has(k)) continue;
      const field = (def.shape[k] as z.ZodType).safeParse(raw[k]);
      if (field.success && field.data !== undefined) valid[k] = field.data;
    }
    for (const r of def.rules?.(valid, ctx) ?? []) {
      if (!failed.has(r.path.split('.')[0]!)) refine.addIssue({ code: 'custom', path: [r.path], message: r.message });
    }
    return z.NEVER;
  });
}

/**
 * The draft schema: any subset of the section's own fields, each a short primitive as typed
 * (half a CPF is a fine draft). Unknown keys are refused: a draft cannot smuggle other data.
 */
export function draftSchema(def: SectionDef<z.ZodRawShape>) {
  // Built once per section: a new schema on every save made zod compile its fast path every time.
  let schema = draftSchemas.get(def);
  if (!schema) {
    const shape = Object.fromEntries(
      Object.entries(def.shape).map(([k, field]) => [k, draftField(field as z.ZodType).optional()]),
    );
    schema = z.strictObject(shape);
    draftSchemas.set(def, schema);
  }
  return schema;
}
const draftSchemas = new WeakMap<SectionDef<z.ZodRawShape>, z.ZodObject>();

/** What a draft field holds: a short text, a flag, a number or nothing (built with the first draft schema). */
const draftValue = once(() => z.union([z.string().max(500), z.boolean(), z.number(), z.null()]));
/** Most rows a list field may hold, as a draft or submitted (FGTS accounts and the like). */
export const MAX_LIST_ROWS = 20;

/** The schema under .optional()/.default()/.nullable() wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
    s = s.unwrap() as z.ZodType;
  return s;
}

/**
 * A field's draft shape: a primitive as typed; a block of fields (z.object, e.g. a company) as an
 * object of primitives with its own keys only; a list (z.array, e.g. accounts) as rows of those.
 */
function draftField(schema: z.ZodType): z.ZodType {
  const inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray) {
    const item = unwrapSchema(inner.element as z.ZodType);
    return z.array(item instanceof z.ZodObject ? draftBlock(item) : draftValue()).max(MAX_LIST_ROWS);
  }
  if (inner instanceof z.ZodObject) return draftBlock(inner);
  return draftValue();
}

function draftBlock(object: z.ZodObject) {
  return z.strictObject(Object.fromEntries(Object.keys(object.shape).map((k) => [k, draftValue().optional()])));
}

/** Fields that are visible and still empty: what a section lacks to be submitted. */
export function missingFields(def: SectionDef<z.ZodRawShape>, values: Values, ctx: SectionContext): string[] {
  return Object.keys(def.shape).filter(
    (k) =>
      isFieldVisible(def, k, values, ctx) &&
      isEmpty(values[k]) &&
      !(def.shape[k] as z.ZodType).safeParse(undefined).success,
  );
}

export { MESSAGES };
