/**
 * The authorization matrix: every API operation (from the API's own OpenAPI document) × every
 * kind of caller → the status class it must get. A route missing here fails the suite, so a new
 * route cannot ship without saying who may call it.
 *
 * Callers, all on the demo proposal twoBuyers (helpers/demo.ts) unless said: anonymous; owner (comprador, main buyer);
 * other (outro, a buyer on another proposal); second (compradora, second buyer); seller
 * (vendedor, the proposal's seller); operator.
 * 'ok' = allowed (any answer but 401/403/404 and never 5xx); a number = exactly that denial.
 */
export type Expect = 'ok' | 401 | 403 | 404;
export type Actors = [
  anonymous: Expect,
  owner: Expect,
  other: Expect,
  second: Expect,
  seller: Expect,
  operator: Expect,
];

export interface Ids {
  proposal: string;
  file: string;
  operatorId: string;
  privacyRequest: string;
  /** The team's internal note on the proposal (INTERNAL_NOTE). */
  note: string;
  /** The owner's unfinished resumable upload (a fresh one per request when the entry says tus: 'upload'). */
  upload: string;
}

export interface MatrixEntry {
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /**
   * A tus request (docs/decisions/053-resumable-uploads.md): 'create' posts the tus headers naming the
   * owner's income-tax item; 'upload' sends the method's tus headers to a fresh upload of the owner's.
   */
  tus?: 'create' | 'upload';
  /** Raw NDJSON body (RUM intake). */
  ndjson?: string;
  /** Recovery answers 202 to anything by design (no account enumeration): no mass-assignment check. */
  acceptsAnything?: boolean;
  /** Needs a file of its own (it deletes it). */
  freshFile?: boolean;
  /** The route depends on an outside service that is not configured in tests (503 is its honest answer). */
  external?: boolean;
  expect: Actors;
  /**
   * Data minimisation: keys that must appear nowhere in the JSON a caller gets (each party gets only
   * what its screens use), by caller.
   */
  hides?: Partial<Record<'owner' | 'other' | 'second' | 'seller' | 'operator', readonly string[]>>;
  /**
   * The route's own Cache-Control, when a cache may keep its answer (public, the same for everyone);
   * without it every answer of the route, whatever its status, is `no-store`.
   */
  cache?: { cacheControl: string; why: string };
  /**
   * Words that must appear nowhere in the answer a caller gets: the notes the team wrote to another
   * party (the test writes them on the proposal first, see HISTORY_NOTES).
   */
  hidesText?: Partial<Record<'owner' | 'other' | 'second' | 'seller' | 'operator', readonly string[]>>;
}

export const ALL_OK: Actors = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
export const SIGNED_IN: Actors = [401, 'ok', 'ok', 'ok', 'ok', 'ok'];
export const OPERATOR_ONLY: Actors = [401, 403, 403, 403, 403, 'ok'];

/**
 * An internal note the team writes on the matrix's proposal before the checks
 * (docs/decisions/051-operator-notes-and-review.md): no buyer or seller answer may carry it.
 */
export const INTERNAL_NOTE = 'nota interna da equipe: renda informal, pedir extratos';
/** Everyone but the team: the note is hidden from each caller that gets an answer there. */
const NOTE_HIDDEN = {
  owner: [INTERNAL_NOTE],
  other: [INTERNAL_NOTE],
  second: [INTERNAL_NOTE],
  seller: [INTERNAL_NOTE],
} as const;
/** The callers among owner/other/second/seller that a route answers (the note is checked in each answer). */
export const noteHiddenFor = (...who: (keyof typeof NOTE_HIDDEN)[]) =>
  Object.fromEntries(who.map((w) => [w, NOTE_HIDDEN[w]])) as MatrixEntry['hidesText'];

/**
 * Notes an operator writes on the matrix's proposal before the checks: with a status change and a
 * stage change to the buyers, with the appraisal stage to the seller. Each reaches only its party.
 */
export const HISTORY_NOTES = {
  toBuyers: 'renda informal — confirmar extratos',
  stageToBuyers: 'crédito dos compradores em análise no banco',
  toSeller: 'o avaliador liga para o vendedor amanhã',
} as const;

/** A well-formed token (invitation, reminders' opt-out) that nothing has. */
export const UNKNOWN_TOKEN = 'x'.repeat(43);
