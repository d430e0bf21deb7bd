/** The reminders' tables (migration 0171_reminders; docs/decisions/049-reminders-and-metrics.md). */

/** One reminder sent to a person about a proposal (docs/decisions/049-reminders-and-metrics.md). */
export interface RemindersSentTable {
  id: string;
  proposal_id: string;
  user_id: string;
  /** 1, 2, 3…: unique per person and proposal, so a reminder is sent once across instances. */
  seq: number;
  /** The step id the reminder named. */
  step: string;
  sent_at: number;
}

/** A reminder's "Não quero mais lembretes" link, stored as the sha256 of its token. */
export interface ReminderTokensTable {
  id: string;
  user_id: string;
  created_at: number;
}

/** People who turned reminders off (the e-mail's link or their privacy page). */
export interface ReminderOptOutsTable {
  user_id: string;
  at: number;
}

/** Proposals an operator turned reminders off on. */
export interface ReminderProposalsOffTable {
  proposal_id: string;
  at: number;
  by: string | null;
}

/**
 * A notice that a document copy is about to age past its validity (migration
 * 0175_document_expiry_notices; docs/product/reminders.md). One per copy: a newer copy gets its own.
 */
export interface DocumentExpiryNoticesTable {
  /** The document_files row whose validity ends. */
  file_id: string;
  proposal_id: string;
  /** Who was told. */
  user_id: string;
  sent_at: number;
}
