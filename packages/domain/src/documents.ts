import type { ProposalFacts, Values } from './section';
import { usesFgts } from './fgts-sections';
import { formatInstantDate, isIsoDate, todayIso } from './dates';

/**
 * Supporting documents of a proposal (docs/product/documents.md, docs/decisions/005-documents.md). What a proposal needs
 * is derived from what its sections say, never typed by hand; the checklist's 12 booleans record which
 * of those items the back office has accepted. docs/decisions/005-documents.md explains the choices.
 */

/** The upload checklist (docs/product/documents.md): all boolean, default false. */
export const CHECKLIST_KEYS = [
  'occupation_declaration_1',
  'occupation_declaration_2',
  'marriage_lines',
  'iptu_current_year',
  'property_registration',
  'sellers_form',
  'represented_document_buyer1',
  'represented_document_buyer2',
  'income_tax_buyer1',
  'income_tax_buyer2',
  'fgts_form_0',
  'fgts_form_1',
] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];
export type UploadChecklist = Record<ChecklistKey, boolean>;

export function emptyChecklist(): UploadChecklist {
  return Object.fromEntries(CHECKLIST_KEYS.map((k) => [k, false])) as UploadChecklist;
}

/**
 * Items beyond the checklist's twelve that the bank asks for and that age (the expiry rule of docs/decisions/005-documents.md):
 * each buyer's proof of address, and the FGTS statement of a buyer who uses FGTS.
 */
export const EXTRA_ITEM_KEYS = [
  'proof_of_address_buyer1',
  'proof_of_address_buyer2',
  'fgts_statement_buyer1',
  'fgts_statement_buyer2',
] as const;
export const DOCUMENT_ITEM_KEYS = [...CHECKLIST_KEYS, ...EXTRA_ITEM_KEYS] as const;
export type DocumentItemKey = (typeof DOCUMENT_ITEM_KEYS)[number];

export function isDocumentItemKey(key: string): key is DocumentItemKey {
  return (DOCUMENT_ITEM_KEYS as readonly string[]).includes(key);
}

/**
 * Documents that age: counted in days from the document's issue date when the person gives it (a
 * proof of address issued 80 days ago has 10 days left, whenever it is sent), else from the day
 * the copy was sent.
 */
export const VALIDITY_KINDS = ['proof_of_address', 'property_registration', 'fgts_statement'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];
export const DEFAULT_VALIDITY_DAYS: Record<ValidityKind, number> = {
  proof_of_address: 90,
  property_registration: 30,
  fgts_statement: 60,
};

export type Uploader = 'buyer' | 'seller';

export interface DocumentItemDef {
  key: DocumentItemKey;
  /** Who sends it. */
  uploader: Uploader;
  /** Buyer position (0 main, 1 second) the item is about; null for the proposal or the property. */
  buyer: 0 | 1 | null;
  title: string;
  hint: string;
  validity: ValidityKind | null;
}

const perBuyer = (buyer: 0 | 1) => ({ n: buyer + 1, who: buyer === 0 ? 'comprador principal' : 'segundo comprador' });

/** The catalogue: what each item is, who sends it, and for which buyer. */
export const DOCUMENT_ITEMS: Record<DocumentItemKey, DocumentItemDef> = {
  occupation_declaration_1: occupation(0),
  occupation_declaration_2: occupation(1),
  marriage_lines: {
    key: 'marriage_lines',
    uploader: 'buyer',
    buyer: null,
    title: 'Certidão de casamento ou declaração de união estável',
    hint: 'Cópia legível da certidão (com averbações, se houver) ou da escritura de união estável.',
    validity: null,
  },
  iptu_current_year: {
    key: 'iptu_current_year',
    uploader: 'seller',
    buyer: null,
    title: `IPTU do ano corrente`,
    hint: 'Carnê ou certidão de valor venal do IPTU deste ano, com o número do contribuinte.',
    validity: null,
  },
  property_registration: {
    key: 'property_registration',
    uploader: 'seller',
    buyer: null,
    title: 'Matrícula atualizada do imóvel',
    hint: 'Certidão de inteiro teor da matrícula, emitida pelo cartório de registro de imóveis.',
    validity: 'property_registration',
  },
  sellers_form: {
    key: 'sellers_form',
    uploader: 'seller',
    buyer: null,
    title: 'Ficha cadastral do vendedor',
    hint: 'Ficha do vendedor preenchida e assinada.',
    validity: null,
  },
  represented_document_buyer1: represented(0),
  represented_document_buyer2: represented(1),
  income_tax_buyer1: incomeTax(0),
  income_tax_buyer2: incomeTax(1),
  fgts_form_0: fgtsForm(0),
  fgts_form_1: fgtsForm(1),
  proof_of_address_buyer1: proofOfAddress(0),
  proof_of_address_buyer2: proofOfAddress(1),
  fgts_statement_buyer1: fgtsStatement(0),
  fgts_statement_buyer2: fgtsStatement(1),
};

function occupation(buyer: 0 | 1): DocumentItemDef {
  const { n, who } = perBuyer(buyer);
  return {
    key: `occupation_declaration_${n}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Declaração de ocupação — ${who}`,
    hint: 'Carteira de trabalho, holerite, contrato social ou declaração de ocupação assinada.',
    validity: null,
  };
}
function represented(buyer: 0 | 1): DocumentItemDef {
  const { n, who } = perBuyer(buyer);
  return {
    key: `represented_document_buyer${n}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Procuração e documento do procurador — ${who}`,
    hint: 'Procuração pública com poderes para a compra e o documento de identidade do procurador.',
    validity: null,
  };
}
function incomeTax(buyer: 0 | 1): DocumentItemDef {
  const { n, who } = perBuyer(buyer);
  return {
    key: `income_tax_buyer${n}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Declaração de Imposto de Renda — ${who}`,
    hint: 'Última declaração completa, com o recibo de entrega.',
    validity: null,
  };
}
function fgtsForm(buyer: 0 | 1): DocumentItemDef {
  const { who } = perBuyer(buyer);
  return {
    key: `fgts_form_${buyer}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Formulário do FGTS assinado — ${who}`,
    hint: 'Formulários de utilização do FGTS impressos, assinados e digitalizados.',
    validity: null,
  };
}
function proofOfAddress(buyer: 0 | 1): DocumentItemDef {
  const { n, who } = perBuyer(buyer);
  return {
    key: `proof_of_address_buyer${n}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Comprovante de residência — ${who}`,
    hint: 'Conta de água, luz, gás, telefone ou internet em seu nome.',
    validity: 'proof_of_address',
  };
}
function fgtsStatement(buyer: 0 | 1): DocumentItemDef {
  const { n, who } = perBuyer(buyer);
  return {
    key: `fgts_statement_buyer${n}` as DocumentItemKey,
    uploader: 'buyer',
    buyer,
    title: `Extrato do FGTS — ${who}`,
    hint: 'Extrato atualizado de todas as contas do FGTS (aplicativo FGTS ou agência da Caixa).',
    validity: 'fgts_statement',
  };
}

/** A buyer is married or in a stable union: the buyer data section says so (see buyer-sections.ts). */
export function isMarriedOrInUnion(data: Values | null): boolean {
  if (!data) return false;
  return data.civil_status === 'married' || data.marriage_union === true;
}

/** A buyer is represented by an attorney (buyer data: represented). */
export function isRepresented(data: Values | null): boolean {
  return data?.represented === true;
}

/**
 * The buyer uses FGTS in this proposal: their submitted FGTS answers say so and pass the
 * eligibility rules (fgts-sections.ts, the same predicate that makes the FGTS forms required).
 */
export function buyerUsesFgts(facts: ProposalFacts, buyer: number): boolean {
  return usesFgts(facts, buyer);
}

/**
 * The items this proposal needs, in display order: the buyers' (per buyer, then shared), then the
 * seller's. Items that do not apply are not in the list.
 */
export function deriveDocumentItems(facts: ProposalFacts): DocumentItemDef[] {
  const buyers = ([0, 1] as const).filter((b) => b < Math.max(1, Math.min(2, facts.buyers)));
  const items: DocumentItemDef[] = [];
  const n = (b: 0 | 1) => b + 1;
  for (const b of buyers) {
    const data = facts.sectionValues('data', b);
    items.push(DOCUMENT_ITEMS[`occupation_declaration_${n(b)}` as DocumentItemKey]);
    items.push(DOCUMENT_ITEMS[`income_tax_buyer${n(b)}` as DocumentItemKey]);
    items.push(DOCUMENT_ITEMS[`proof_of_address_buyer${n(b)}` as DocumentItemKey]);
    if (isRepresented(data)) items.push(DOCUMENT_ITEMS[`represented_document_buyer${n(b)}` as DocumentItemKey]);
    if (buyerUsesFgts(facts, b)) {
      items.push(DOCUMENT_ITEMS[`fgts_form_${b}` as DocumentItemKey]);
      items.push(DOCUMENT_ITEMS[`fgts_statement_buyer${n(b)}` as DocumentItemKey]);
    }
  }
  if (buyers.some((b) => isMarriedOrInUnion(facts.sectionValues('data', b)))) items.push(DOCUMENT_ITEMS.marriage_lines);
  items.push(DOCUMENT_ITEMS.property_registration, DOCUMENT_ITEMS.iptu_current_year, DOCUMENT_ITEMS.sellers_form);
  return items;
}

/* ---------- Item state ---------- */

export const FILE_STATUSES = ['sent', 'accepted', 'rejected'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
export const ITEM_STATES = ['pending', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  pending: 'Pendente',
  sent: 'Enviado — em análise',
  accepted: 'Aceito',
  rejected: 'Recusado — envie um novo arquivo',
  expired: 'Vencido — envie uma cópia nova',
};
export const FILE_STATUS_LABELS: Record<FileStatus, string> = {
  sent: 'Em análise',
  accepted: 'Aceito',
  rejected: 'Recusado',
};

export interface FileFacts {
  status: FileStatus;
  uploadedAt: number;
  reviewReason: string | null;
  /** The document's issue date (AAAA-MM-DD) as the person gave it; absent: not given. */
  issuedOn?: string | null;
}

const DAY_MS = 86_400_000;

/** Midnight of an issue date in Brasília (UTC−3, no daylight saving since 2019), as an instant. */
export const issueDateInstant = (issuedOn: string) => Date.parse(`${issuedOn}T00:00:00-03:00`);

/** Where a copy's validity starts: its issue date when given, else the moment it was sent. */
export function validityStart(file: Pick<FileFacts, 'uploadedAt' | 'issuedOn'>): number {
  return file.issuedOn ? issueDateInstant(file.issuedOn) : file.uploadedAt;
}

/**
 * Why an issue date given with an upload cannot be taken (null when it can): not a date, in the
 * future, for a document that does not age, or already past its validity (the bank would refuse it).
 */
export function issueDateError(issuedOn: string, validityDays: number | null, now: number): string | null {
  if (validityDays === null)
    return 'Este documento não tem prazo de validade: não é preciso informar a data de emissão.';
  if (!isIsoDate(issuedOn)) return 'Insira uma data de emissão válida (DD/MM/AAAA).';
  if (issuedOn > todayIso(new Date(now))) return 'A data de emissão não pode estar no futuro.';
  const expiry = expiryOf(issueDateInstant(issuedOn), validityDays)!;
  if (now >= expiry)
    return `Este documento venceu em ${formatInstantDate(expiry)}: ele vale ${validityDays} dias a partir da emissão. Envie uma cópia emitida mais recentemente.`;
  return null;
}

/** When a copy whose validity starts at `start` stops being valid (null: the document does not age). */
export function expiryOf(start: number, validityDays: number | null): number | null {
  return validityDays === null ? null : start + validityDays * DAY_MS;
}

/** Whole days left before expiry (0 on the last day, negative once expired). */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.ceil((expiresAt - now) / DAY_MS) - 1;
}

/**
 * An item's state from its files. Rejected files stay in the history but no longer count; the
 * item asks for a new file while nothing newer was sent. A file waiting for review makes the item
 * "sent"; all accepted makes it "accepted", unless the newest copy has aged past its validity
 * (counted from its issue date when given).
 */
export function itemState(
  files: readonly FileFacts[],
  validityDays: number | null,
  now: number,
): { state: ItemState; reason: string | null; expiresAt: number | null } {
  const active = files.filter((f) => f.status !== 'rejected');
  const newest = active.reduce<FileFacts | null>((a, f) => (!a || f.uploadedAt > a.uploadedAt ? f : a), null);
  const expiresAt = newest ? expiryOf(validityStart(newest), validityDays) : null;
  if (!newest) {
    const lastRejected = files.filter((f) => f.status === 'rejected').sort((a, b) => b.uploadedAt - a.uploadedAt)[0];
    return lastRejected
      ? { state: 'rejected', reason: lastRejected.reviewReason, expiresAt: null }
      : { state: 'pending', reason: null, expiresAt: null };
  }
  if (expiresAt !== null && now >= expiresAt) return { state: 'expired', reason: null, expiresAt };
  if (active.some((f) => f.status === 'sent')) return { state: 'sent', reason: null, expiresAt };
  return { state: 'accepted', reason: null, expiresAt };
}

/** The checklist's 12 booleans: an item is satisfied when it applies and is accepted (and not expired). */
export function checklistFrom(items: readonly { key: DocumentItemKey; state: ItemState }[]): UploadChecklist {
  const out = emptyChecklist();
  for (const item of items) {
    if ((CHECKLIST_KEYS as readonly string[]).includes(item.key) && item.state === 'accepted')
      out[item.key as ChecklistKey] = true;
  }
  return out;
}

/* ---------- Files: type by content ---------- */

export const FILE_KINDS = ['pdf', 'jpeg', 'png', 'heic'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};
/** Bytes needed to recognize every accepted type. */
export const MAGIC_BYTES_NEEDED = 12;
export const ACCEPTED_TYPES_MESSAGE = 'Tipo de arquivo não aceito. Envie PDF, JPG, PNG ou HEIC.';
/** What the browser's file picker offers (phones: camera or files). */
export const UPLOAD_ACCEPT = 'image/*,application/pdf';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'heif']);

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The file's real type from its first bytes, whatever its name or declared type says; null for
 * anything else (an .exe renamed .pdf is null).
 */
export function detectFileKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // ISO base media file: [size][ftyp][major brand]
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  return null;
}

/* ---------- PDF health ---------- */

export const FILE_FLAGS = ['pdf_encrypted', 'pdf_corrupt'] as const;
export type FileFlag = (typeof FILE_FLAGS)[number];
export const FILE_FLAG_LABELS: Record<FileFlag, string> = {
  pdf_encrypted: 'PDF protegido por senha',
  pdf_corrupt: 'PDF possivelmente corrompido',
};

/* ---------- Review ---------- */

export const REVIEW_REASON_MAX = 500;
/** Most files one item keeps waiting or accepted (rejected ones are history). */
export const MAX_FILES_PER_ITEM = 10;
export const DEFAULT_UPLOAD_MAX_MB = 20;

export function fileTooLargeMessage(maxMb: number): string {
  return `O arquivo passa do limite de ${maxMb} MB. Envie um arquivo menor.`;
}
