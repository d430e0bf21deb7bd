import type { ItemState, Uploader } from './documents';
import { FGTS_STEPS } from './fgts-steps';
import type { ProposalStatus } from './proposal';
import type { SectionStatus } from './sections-registry';

/**
 * What is next on a proposal, for each party, derived once from everything that says how far it is:
 * the form sections (buyer, FGTS, seller), each buyer's health declaration, the documents of each
 * party, the seller's "my part is complete" and the buyers' "send for analysis". Every screen that
 * shows progress (buyer home, proposal card, progress bar, seller screens, back office, e-mails)
 * reads this one list, so they all give the same step count and percentage.
 * See docs/decisions/027-what-is-next.md.
 */
export type Party = 'buyer' | 'seller';
export type StepKind = 'section' | 'health' | 'documents' | 'send' | 'complete';
/** done; todo; rejected (sent back for a correction, or a document refused or expired). */
export type StepState = 'done' | 'todo' | 'rejected';

export interface Step {
  /** Stable id: kind, key and buyer position (`section:data:0`, `documents:seller`). */
  id: string;
  party: Party;
  kind: StepKind;
  /** Section key, or the kind for the steps that are not sections. */
  key: string;
  /** Buyer position (0 main, 1 second) the step is about; null for the proposal or the seller. */
  buyer: number | null;
  /** Portuguese title, with the buyer's name when the proposal has two buyers. */
  title: string;
  /** Where the step is done: an app path (seller paths include the proposal id). */
  path: string;
  state: StepState;
  /** Buyer positions that may do it; null: any buyer (or the seller, for the seller's steps). */
  actors: number[] | null;
  /** An optional step that an answer made unnecessary: counted as done ("não se aplica"). */
  skipped?: boolean;
}

export interface ProgressInput {
  proposalId: string;
  status: ProposalStatus;
  buyers: readonly { position: number; name: string; hasAccount: boolean }[];
  /** The proposal's sections (every scope) with their state and whether the proposal needs them. */
  sections: readonly { key: string; title: string; buyer: number | null; status: SectionStatus; required: boolean }[];
  /** Health declaration completed, per buyer position (absent: not completed). */
  health: readonly { buyer: number; completed: boolean }[];
  /** The document items the proposal needs, with who sends each and its state. */
  documents: readonly { uploader: Uploader; state: ItemState }[];
  /** The seller marked their part complete and it still is. */
  sellerDone: boolean;
}

export interface Count {
  done: number;
  total: number;
  /** done / total in whole percent, rounded; 100 only when every step is done (or there is none). */
  percent: number;
}

export interface ProposalProgress extends Count {
  steps: Step[];
  buyer: Count;
  seller: Count;
}

/** The buyers' screens of each section, in the order the flow visits them. */
const BUYER_PATHS: Record<string, string> = {
  data: '/buyer/data',
  address: '/buyer/address',
  document: '/buyer/document-registration',
  investment: '/buyer/investment',
  seller: '/buyer/seller-form',
  ...Object.fromEntries(FGTS_STEPS.map((s) => [s.key, s.path])),
};
const PER_BUYER_FIRST = ['data', 'address', 'document'];
const PROPOSAL_WIDE = ['investment', 'seller'];
const FGTS_ORDER = FGTS_STEPS.map((s) => s.key);

/** The seller's screens under /seller/proposals/:id/, in the order the flow visits them. */
export const SELLER_PATHS: Record<string, string> = {
  'seller-general-data': 'general-data',
  'seller-address': 'address',
  'seller-property': 'property',
  'seller-property-registry': 'property/registry',
  'seller-property-financing': 'property/financing-data',
  'seller-property-questions': 'property/questions',
  'seller-property-info': 'property/questions/info',
  'seller-marital': 'property/marital/questions',
  'seller-property-contact': 'property/contact',
  'seller-amounts-receivable': 'amounts-receivable',
};

export const SEND_TITLE = 'Enviar para análise';
export const RESEND_TITLE = 'Reenviar para análise';

/**
 * Steps that an earlier answer may make unnecessary, with the step whose answer decides: the FGTS
 * forms (the buyer's FGTS questions) and the seller's spouse (the seller's general data). They are
 * counted from the start, so the count never grows: to do until the answer is given, then done as
 * "não se aplica" when the answer makes them unnecessary.
 */
const OPTIONAL_STEPS: Record<string, string> = {
  ...Object.fromEntries(FGTS_STEPS.filter((s) => s.key !== 'fgts_questions').map((s) => [s.key, 'fgts_questions'])),
  'seller-marital': 'seller-general-data',
};

type SectionInput = ProgressInput['sections'][number];
/**
 * The section as a step: required ones as they are; an optional one while its deciding step may
 * still make it needed (to do until answered, then skipped); null when it never applies.
 */
function sectionStep(sections: readonly SectionInput[], key: string, b: number | null) {
  const all = sections.filter((x) => x.key === key && x.buyer === b);
  const required = all.find((x) => x.required);
  if (required) return { s: required, state: sectionState(required.status), skipped: false };
  const decidedBy = OPTIONAL_STEPS[key];
  const own = all[0];
  if (!decidedBy || !own) return null;
  const decider = sections.find((x) => x.key === decidedBy && x.buyer === b && x.required);
  if (!decider) return null;
  return decider.status === 'done'
    ? { s: own, state: 'done' as const, skipped: true }
    : { s: own, state: 'todo' as const, skipped: false };
}
export const HEALTH_TITLE = 'Declaração de saúde';
export const DOCUMENTS_TITLE = 'Envio de documentos';
export const SELLER_DOCUMENTS_TITLE = 'Documentos';
export const COMPLETE_TITLE = 'Concluir a sua parte';

const sectionState = (status: SectionStatus): StepState =>
  status === 'done' ? 'done' : status === 'rejected' ? 'rejected' : 'todo';

function documentsState(states: readonly ItemState[]): StepState {
  if (states.some((s) => s === 'rejected' || s === 'expired')) return 'rejected';
  return states.every((s) => s === 'sent' || s === 'accepted') ? 'done' : 'todo';
}

export const sellerPath = (proposalId: string, path: string) =>
  `/seller/proposals/${encodeURIComponent(proposalId)}/${path}`;

/** Every step of the proposal, buyers' first then the seller's, each in the order it is done. */
export function deriveSteps(input: ProgressInput): Step[] {
  const two = input.buyers.length > 1;
  const nameOf = (b: number) => input.buyers.find((x) => x.position === b)?.name ?? '';
  const withName = (title: string, b: number | null) => (two && b !== null ? `${title} — ${nameOf(b)}` : title);
  const unlinked = (b: number) => input.buyers.find((x) => x.position === b)?.hasAccount === false;
  const buyerActors = (b: number) => (b !== 0 && unlinked(b) ? [b, 0] : [b]);
  const steps: Step[] = [];

  const pushSection = (key: string, b: number | null) => {
    const found = sectionStep(input.sections, key, b);
    if (!found) return;
    const { s } = found;
    const query = b === null ? '' : `?buyer=${b + 1}`;
    steps.push({
      id: `section:${key}:${b ?? '-'}`,
      party: 'buyer',
      kind: 'section',
      key,
      buyer: b,
      title: withName(s.title, b),
      path: `${BUYER_PATHS[key]}${query}`,
      state: found.state,
      actors: b === null ? [0] : buyerActors(b),
      ...(found.skipped ? { skipped: true } : {}),
    });
  };
  const positions = input.buyers.map((b) => b.position).sort((a, b) => a - b);
  for (const b of positions) for (const key of PER_BUYER_FIRST) pushSection(key, b);
  for (const key of PROPOSAL_WIDE) pushSection(key, null);
  for (const b of positions) for (const key of FGTS_ORDER) pushSection(key, b);
  for (const b of positions) {
    const completed = input.health.some((h) => h.buyer === b && h.completed);
    steps.push({
      id: `health:${b}`,
      party: 'buyer',
      kind: 'health',
      key: 'health',
      buyer: b,
      title: withName(HEALTH_TITLE, b),
      path: '/buyer/insurance',
      state: completed ? 'done' : 'todo',
      actors: [b],
    });
  }
  const buyerDocs = input.documents.filter((d) => d.uploader === 'buyer').map((d) => d.state);
  if (buyerDocs.length)
    steps.push({
      id: 'documents:buyer',
      party: 'buyer',
      kind: 'documents',
      key: 'documents',
      buyer: null,
      title: DOCUMENTS_TITLE,
      path: '/buyer/documents/upload',
      state: documentsState(buyerDocs),
      actors: null,
    });
  // The buyers' sending is to do while their part is open: being filled, or after a correction.
  steps.push({
    id: 'send',
    party: 'buyer',
    kind: 'send',
    key: 'send',
    buyer: null,
    title: input.status === 'pending_correction' ? RESEND_TITLE : SEND_TITLE,
    path: '/buyer/home',
    state: input.status === 'filling' || input.status === 'pending_correction' ? 'todo' : 'done',
    actors: [0],
  });

  for (const [key, path] of Object.entries(SELLER_PATHS)) {
    const found = sectionStep(input.sections, key, null);
    if (!found) continue;
    const { s } = found;
    steps.push({
      id: `section:${key}:-`,
      party: 'seller',
      kind: 'section',
      key,
      buyer: null,
      title: s.title,
      path: sellerPath(input.proposalId, path),
      state: found.state,
      actors: null,
      ...(found.skipped ? { skipped: true } : {}),
    });
  }
  const sellerDocs = input.documents.filter((d) => d.uploader === 'seller').map((d) => d.state);
  if (sellerDocs.length)
    steps.push({
      id: 'documents:seller',
      party: 'seller',
      kind: 'documents',
      key: 'documents',
      buyer: null,
      title: SELLER_DOCUMENTS_TITLE,
      path: sellerPath(input.proposalId, 'documents'),
      state: documentsState(sellerDocs),
      actors: null,
    });
  steps.push({
    id: 'complete',
    party: 'seller',
    kind: 'complete',
    key: 'complete',
    buyer: null,
    title: COMPLETE_TITLE,
    path: sellerPath(input.proposalId, 'documents'),
    state: input.sellerDone ? 'done' : 'todo',
    actors: null,
  });
  return steps;
}

/** How many of these steps are done, and the share in whole percent. */
export function countSteps(steps: readonly Step[]): Count {
  const done = steps.filter((s) => s.state === 'done').length;
  const total = steps.length;
  // Rounded, but 100 % only when everything is done (199 of 200 is 99 %, not 100 %).
  const percent = done === total ? 100 : Math.min(99, Math.round((done / total) * 100));
  return { done, total, percent };
}

/** The proposal's progress: every step, the whole count and each party's. */
export function proposalProgress(input: ProgressInput): ProposalProgress {
  const steps = deriveSteps(input);
  return {
    steps,
    ...countSteps(steps),
    buyer: countSteps(steps.filter((s) => s.party === 'buyer')),
    seller: countSteps(steps.filter((s) => s.party === 'seller')),
  };
}

/** Who asks what is next: a buyer at a position, or the seller. */
export type Viewer = { role: 'buyer'; position: number } | { role: 'seller' };

const canAct = (step: Step, viewer: Viewer) =>
  viewer.role === 'seller'
    ? step.party === 'seller'
    : step.party === 'buyer' && (step.actors === null || step.actors.includes(viewer.position));

/** The last step of a party (send, complete) waits until every other step of that party is done. */
const isClosing = (step: Step) => step.kind === 'send' || step.kind === 'complete';

/**
 * The step this viewer should do next: a step sent back for a correction first, then the first one
 * not done, in flow order. The closing step (send for analysis, complete the seller's part) comes
 * only once every other step of the party is done, by anyone. Null: nothing left for this viewer
 * (everything done, or waiting for someone else).
 */
export function nextStepFor(steps: readonly Step[], viewer: Viewer): Step | null {
  const party: Party = viewer.role;
  const own = steps.filter((s) => s.party === party);
  const open = own.filter((s) => s.state !== 'done' && canAct(s, viewer));
  const ready = (s: Step) => !isClosing(s) || own.every((o) => o === s || o.state === 'done');
  return open.find((s) => s.state === 'rejected' && ready(s)) ?? open.find(ready) ?? null;
}

/** The steps this viewer may still do (sent back or not done), in flow order: their own "what is left". */
export function openStepsFor(steps: readonly Step[], viewer: Viewer): Step[] {
  return steps.filter((s) => s.party === viewer.role && s.state !== 'done' && canAct(s, viewer));
}

/** The steps of a party still to do (by anyone), in flow order: the "what is left" list. */
export function pendingSteps(steps: readonly Step[], party: Party): Step[] {
  return steps.filter((s) => s.party === party && s.state !== 'done');
}

/** The step after `current` for this viewer: what a screen's last button leads to. */
export function nextStepAfter(steps: readonly Step[], viewer: Viewer, currentId: string): Step | null {
  return nextStepFor(
    steps.filter((s) => s.id !== currentId),
    viewer,
  );
}

/** "3 de 11 etapas" — the one wording of a count, on every screen. */
export function stepCountLabel(count: Pick<Count, 'done' | 'total'>): string {
  return `${count.done} de ${count.total} ${count.total === 1 ? 'etapa' : 'etapas'}`;
}

// What the API answers (GET /proposals/:id/progress) is checked by progress-view.ts, a module of its
// own so that screens that count or list steps load no schema (docs/decisions/056-low-tier-phones.md).
export type { ProgressView } from './progress-view';
