import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from '../../lib/sections-api';

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string };

const DEBOUNCE_MS = 800;
const RETRY_MS = 5_000;

/**
 * The unsaved copy lives in sessionStorage: it survives a reload and the 401 rule (which clears
 * localStorage only), so what was typed when a session expired comes back after logging in again.
 */
export const backupKey = (proposalId: string, section: string, buyer: number | null) =>
  `draft:${proposalId}:${section}:${buyer ?? '-'}`;

export function readBackup(key: string): { values: Record<string, unknown>; at: string } | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { values: Record<string, unknown>; at: string }) : null;
  } catch {
    return null;
  }
}

/**
 * Saves a draft of the form as the user types: debounced, one request at a time, retried while
 * the server is unreachable; the latest values always win.
 */
export function useAutosave(args: { proposalId: string; section: string; buyer: number | null; enabled: boolean }) {
  const { proposalId, section, buyer, enabled } = args;
  const key = backupKey(proposalId, section, buyer);
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const latest = useRef<Record<string, unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);

  const flush = useCallback(async () => {
    if (!enabled || inFlight.current || !latest.current) return;
    const values = latest.current;
    latest.current = null;
    inFlight.current = true;
    setState({ kind: 'saving' });
    try {
      await saveDraft(proposalId, section, buyer, values);
      if (!latest.current) sessionStorage.removeItem(key);
      setState({ kind: 'saved', at: new Date() });
    } catch (err) {
      latest.current ??= values;
      setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      timer.current = setTimeout(() => void flush(), RETRY_MS);
    } finally {
      inFlight.current = false;
    }
    if (latest.current) timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
  }, [enabled, proposalId, section, buyer, key]);

  const schedule = useCallback(
    (values: Record<string, unknown>) => {
      if (!enabled) return;
      latest.current = values;
      sessionStorage.setItem(key, JSON.stringify({ values, at: new Date().toISOString() }));
      setState({ kind: 'pending' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [enabled, key, flush],
  );

  /** After a successful submit the draft is gone on the server; drop the local copy too. */
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    latest.current = null;
    sessionStorage.removeItem(key);
    setState({ kind: 'idle' });
  }, [key]);

  // Leaving the page: send what is pending right away.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (latest.current) void flush();
    },
    [flush],
  );

  return { state, schedule, clear };
}
