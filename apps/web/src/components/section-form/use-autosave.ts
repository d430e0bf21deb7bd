import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, isServerUnreachable } from '../../lib/api-client';
import { removeOfflineDraft, writeOfflineDraft } from '../../lib/offline-drafts';
import { saveDraft } from '../../lib/sections-api';
import { DraftSync, type DraftSyncState, type FailureKind } from './draft-sync';

export type AutosaveState = DraftSyncState;

/** A draft save waits this long for the server before it counts as unreachable and is tried again. */
const DRAFT_TIMEOUT_MS = 15_000;

function classify(error: unknown): FailureKind {
  if (error instanceof ApiRequestError && error.status === 401) return 'stop';
  return isServerUnreachable(error) ? 'offline' : 'error';
}

/**
 * Saves a draft of the form as the user types (the schedule of draft-sync.ts): the newest values
 * wait on this device under `storageKey` (null: not kept, e.g. the person is not known yet) until
 * the server has them. `base` is the server's time of the section the values were typed over.
 */
export function useAutosave(args: {
  proposalId: string;
  section: string;
  buyer: number | null;
  enabled: boolean;
  storageKey: string | null;
  base: string | null;
}) {
  const { proposalId, section, buyer, enabled, storageKey } = args;
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const sync = useRef<DraftSync<Record<string, unknown>> | null>(null);
  const base = useRef(args.base);

  useEffect(() => {
    if (!enabled) return;
    const s = new DraftSync<Record<string, unknown>>({
      send: (values) =>
        saveDraft(proposalId, section, buyer, values, AbortSignal.timeout(DRAFT_TIMEOUT_MS)).then((r) => {
          base.current = r.draftUpdatedAt;
        }),
      keep: (values) => {
        if (storageKey) writeOfflineDraft(storageKey, { values, at: new Date().toISOString(), base: base.current });
      },
      drop: () => {
        if (storageKey) removeOfflineDraft(storageKey);
      },
      onState: setState,
      classify,
    });
    sync.current = s;
    // Back online, or back to this window: a waiting value is sent now rather than at the next try.
    const retry = () => s.retryNow();
    window.addEventListener('online', retry);
    window.addEventListener('focus', retry);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('focus', retry);
      // Leaving the screen: what is pending is sent right away (and stays on the device until then).
      s.dispose();
      if (sync.current === s) sync.current = null;
    };
  }, [enabled, proposalId, section, buyer, storageKey]);

  const schedule = useCallback((values: Record<string, unknown>) => sync.current?.change(values), []);

  /** After a successful submit the draft is gone on the server; drop the local copy too. */
  const clear = useCallback(() => {
    if (sync.current) sync.current.clear();
    else if (storageKey) removeOfflineDraft(storageKey);
  }, [storageKey]);

  return { state, schedule, clear };
}
