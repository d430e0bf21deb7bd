/**
 * Uploaded documents, their history, and the storage bookkeeping of uploads.
 * Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite).
 */

/** One uploaded file of a proposal's document item (docs/decisions/005-documents.md). */
export interface DocumentFilesTable {
  id: string;
  proposal_id: string;
  /** DocumentItemKey (packages/domain/src/documents.ts). */
  item: string;
  /** Random key in the storage driver; never derived from the uploader's file name. */
  storage_key: string;
  /** Sanitized display name, with the extension of the detected type. */
  name: string;
  /** MIME type detected from the content (magic bytes). */
  mime: string;
  size: number;
  sha256: string;
  /** JSON array of FileFlag (e.g. ["pdf_encrypted"]). */
  flags: string;
  status: 'sent' | 'accepted' | 'rejected';
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  uploaded_by: string;
  uploaded_at: number;
  /** The document's issue date (AAAA-MM-DD) the uploader gave; the validity counts from it. */
  issued_on: string | null;
}

/** History of a proposal's documents: who did what, when. */
export interface DocumentEventsTable {
  id: string;
  proposal_id: string;
  item: string;
  file_id: string | null;
  action: 'uploaded' | 'deleted' | 'accepted' | 'rejected';
  reason: string | null;
  actor_id: string | null;
  at: number;
}

/** Storage keys whose object may have to be removed (see db/migrations/0120-pending-storage.ts). */
export interface PendingStorageTable {
  storage_key: string;
  created_at: number;
}

/** Resumable (tus) uploads (see db/migrations/0174-tus-uploads.ts). */
export interface ResumableUploadsTable {
  id: string;
  user_id: string;
  proposal_id: string;
  item: string;
  file_name: string;
  declared_type: string;
  size: number;
  issued_on: string | null;
  state: 'uploading' | 'completing' | 'done' | 'refused' | 'expired';
  document_file_id: string | null;
  created_at: number;
  expires_at: number;
}
