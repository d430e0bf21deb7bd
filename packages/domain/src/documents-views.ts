import { z } from 'zod';
import { CHECKLIST_KEYS, DOCUMENT_ITEM_KEYS, FILE_FLAGS, FILE_STATUSES, ITEM_STATES } from './documents';

/**
 * What GET /proposals/:id/documents answers: one schema for the API's response, the service's
 * return types and the web's reading of them.
 */
export const documentFileSchema = z.object({
  id: z.string(),
  item: z.enum(DOCUMENT_ITEM_KEYS),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(FILE_STATUSES),
  flags: z.array(z.enum(FILE_FLAGS)),
  uploadedAt: z.string(),
  /** The document's issue date (AAAA-MM-DD) the uploader gave, or null. */
  issuedOn: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  canDelete: z.boolean(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const documentItemSchema = z.object({
  key: z.enum(DOCUMENT_ITEM_KEYS),
  title: z.string(),
  hint: z.string(),
  uploader: z.enum(['buyer', 'seller']),
  buyer: z.number().nullable(),
  state: z.enum(ITEM_STATES),
  reason: z.string().nullable(),
  validityDays: z.number().nullable(),
  expiresAt: z.string().nullable(),
  canUpload: z.boolean(),
  files: z.array(documentFileSchema),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

/**
 * A seller's item as the buyers follow it: what it is and its state, read-only (no files, no
 * review notes): the buyers see what the proposal still waits for. See docs/decisions/005-documents.md.
 */
export const followedItemSchema = z.object({
  key: z.enum(DOCUMENT_ITEM_KEYS),
  title: z.string(),
  hint: z.string(),
  state: z.enum(ITEM_STATES),
});
export type FollowedItem = z.infer<typeof followedItemSchema>;

export const documentsListSchema = z.object({
  proposal: z.object({ id: z.string(), code: z.string(), status: z.string() }),
  canUpload: z.boolean(),
  maxMb: z.number(),
  checklist: z.partialRecord(z.enum(CHECKLIST_KEYS), z.boolean()),
  items: z.array(documentItemSchema),
  /** For buyers, the seller's items (read-only); empty for sellers and operators. */
  sellerItems: z.array(followedItemSchema),
});
export type DocumentsData = z.infer<typeof documentsListSchema>;
