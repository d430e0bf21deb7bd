/**
 * The insurer's health declaration: answers (encrypted), consents and who read them.
 * Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite).
 */

/** The insurer's health declaration of one buyer of a proposal (docs/product/health-declaration.md). */
export interface InsuranceDeclarationsTable {
  id: string;
  proposal_id: string;
  /** Buyer position (0 main, 1 second). */
  buyer: number;
  /** The member's account when the row was made: answers belong to that person. */
  user_id: string;
  /** insurance_name: the proposal's insurer ('itau' | 'tokio'). */
  insurance_name: string;
  /** insurance_completed: 1 once the buyer confirmed the declaration (starts 0). */
  completed: number;
  completed_at: number | null;
  declaration_version: string | null;
  created_at: number;
  updated_at: number;
}

/** One health answer; `ciphertext` is AES-256-GCM of {value, medication, treatment} (never plain). */
export interface HealthAnswersTable {
  id: string;
  proposal_id: string;
  buyer: number;
  question_key: string;
  ciphertext: string;
  /** Which key encrypted it (first bytes of its sha256), so a rotated key is detected. */
  key_id: string;
  updated_at: number;
  updated_by: string;
}

/** A consent to the processing of health data (LGPD art. 11, I) and its revocation. */
export interface HealthConsentsTable {
  id: string;
  proposal_id: string;
  buyer: number;
  user_id: string;
  /** Version of the consent text shown. */
  version: string;
  insurance_name: string;
  granted_at: number;
  revoked_at: number | null;
  ip: string | null;
}

/** A read of someone's health answers by someone else (operators). */
export interface HealthAccessLogTable {
  id: string;
  at: number;
  proposal_id: string;
  buyer: number;
  owner_id: string | null;
  reader_id: string;
  reader_role: string;
  action: string;
  ip: string | null;
}
