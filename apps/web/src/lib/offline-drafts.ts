/*
 * Drafts kept on this device while the server has not acknowledged them (docs/product/offline.md,
 * docs/decisions/045-offline-drafts.md). In localStorage, so they survive a reload, a closed tab
 * and a restarted browser; keyed by the signed-in person, so nobody else who uses the browser is
 * shown them. They leave the device when the server has them, on logout and on any 401 (both clear
 * localStorage), when another person logs in on this browser, and after DRAFT_MAX_AGE_MS.
 */

const PREFIX = 'portal:draft:';
/** A copy older than this is not restored (and is removed): personal data does not linger. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface OfflineDraft {
  values: Record<string, unknown>;
  /** When it was typed, by this device's clock. */
  at: string;
  /** The server's time of the section this copy was typed over (its draft or submit), if any. */
  base: string | null;
}

export const offlineDraftKey = (userId: string, proposalId: string, section: string, buyer: number | null) =>
  `${PREFIX}${userId}:${proposalId}:${section}:${buyer ?? '-'}`;

export function readOfflineDraft(key: string, now = Date.now()): OfflineDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as OfflineDraft;
    const at = Date.parse(draft.at);
    if (!draft.values || typeof draft.values !== 'object' || !(now - at < DRAFT_MAX_AGE_MS)) {
      localStorage.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function writeOfflineDraft(key: string, draft: OfflineDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the value still waits in memory and is sent later.
  }
}

export function removeOfflineDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** After a login: the drafts another person left on this browser go (this person's stay). */
export function removeOfflineDraftsNotOf(userId: string): void {
  try {
    const own = `${PREFIX}${userId}:`;
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX) && !k.startsWith(own));
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // no storage
  }
}

/**
 * Whether a copy from this device should replace what the server holds: it was typed over the
 * server's current version (nothing newer reached the server since), or after it by the clock.
 */
export function deviceCopyIsNewer(draft: OfflineDraft, serverAt: string | null): boolean {
  const server = Date.parse(serverAt ?? '') || 0;
  if (server === 0) return true;
  const base = Date.parse(draft.base ?? '') || 0;
  return server <= base || Date.parse(draft.at) > server;
}
