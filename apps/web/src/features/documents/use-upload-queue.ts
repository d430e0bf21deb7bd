import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentItemKey } from '@portal/domain/documents';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import type { DocumentsData } from '../../lib/documents-api';
import { uploadDocumentResumable } from '../../lib/resumable-upload';
import { isConnectionFailure, storedSince } from '../../lib/upload-queue';

/**
 * The files of one checklist item on their way to the server (docs/decisions/054-pages-and-upload-queue.md).
 * A file that cannot travel (the phone is offline, the connection dropped or stalled) waits as
 * "Aguardando conexão" and leaves by itself when the browser is online again, or at "Tentar
 * agora". A retry sends the same entry again — never a second row — and first asks the server
 * whether the file arrived although its answer was lost, so no retry stores a second copy.
 */

export type QueuePhase = 'preparing' | 'sending' | 'waiting' | 'failed' | 'done';

export interface QueueEntry {
  id: string;
  name: string;
  size: number;
  /** 0–1 of the file that has left the phone. */
  fraction: number;
  phase: QueuePhase;
  /** Object URL of a picture, for its thumbnail while it waits or travels. */
  preview: string | null;
  /** Why the server refused the file (phase "failed"). */
  error: string | null;
  /** Continuing an earlier upload of this file (a reload, a cut): "Retomando…" until bytes move. */
  resuming?: boolean;
}

interface Job {
  file: File | null;
  issuedOn: string | null;
  /** The item's file ids before the first attempt: a new one with this name and size is this file. */
  before: Set<string> | null;
  busy: boolean;
}

const RETRY_MS = 15_000;
const newId = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useUploadQueue({
  proposalId,
  item,
  fileIds,
  onStored,
}: {
  proposalId: string;
  item: DocumentItemKey;
  /** The ids of the files the item shows now. */
  fileIds: readonly string[];
  /** The list and the derived steps are read again (an upload may finish the documents step). */
  onStored: () => Promise<unknown>;
}) {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const latest = useRef({ fileIds, onStored });
  latest.current = { fileIds, onStored };
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const patch = useCallback(
    (id: string, change: Partial<QueueEntry>) =>
      setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e))),
    [],
  );

  const finish = useCallback(async (id: string) => {
    jobs.current.delete(id);
    await latest.current.onStored();
    setEntries((list) => list.filter((e) => e.id !== id));
  }, []);

  /** Whether the server stored the file on an earlier attempt whose answer never came. */
  const arrivedEarlier = useCallback(
    async (job: Job) => {
      if (!job.before || !job.file) return false;
      const docs = await apiRequest<{ data: DocumentsData }>(`/proposals/${encodeURIComponent(proposalId)}/documents`);
      const files = docs.data.items.find((i) => i.key === item)?.files ?? [];
      return storedSince(job.before, files, job.file.name, job.file.size);
    },
    [proposalId, item],
  );

  const attempt = useCallback(
    async (id: string) => {
      const job = jobs.current.get(id);
      if (!job?.file || job.busy) return;
      if (!online()) {
        patch(id, { phase: 'waiting' });
        return;
      }
      job.busy = true;
      patch(id, { phase: 'sending', error: null });
      try {
        if (await arrivedEarlier(job)) {
          patch(id, { fraction: 1, phase: 'done' });
          await finish(id);
          return;
        }
        job.before ??= new Set(latest.current.fileIds);
        await uploadDocumentResumable({
          proposalId,
          item,
          file: job.file,
          issuedOn: job.issuedOn,
          onProgress: (fraction) => patch(id, { fraction, resuming: false }),
          onResume: () => patch(id, { resuming: true }),
        });
        patch(id, { fraction: 1, phase: 'done' });
        await finish(id);
      } catch (err) {
        if (isConnectionFailure(err)) patch(id, { phase: 'waiting' });
        else
          patch(id, {
            phase: 'failed',
            error: err instanceof ApiRequestError ? err.message : 'Não foi possível enviar o arquivo.',
          });
      } finally {
        job.busy = false;
      }
    },
    [proposalId, item, patch, finish, arrivedEarlier],
  );

  // Back online: every waiting file leaves, in the order it was chosen. A file that waits while the
  // browser says it is online (the server was out of reach, or the connection came back slowly) is
  // tried again every RETRY_MS.
  const waiting = entries.some((e) => e.phase === 'waiting');
  useEffect(() => {
    const resume = () => {
      for (const [id, job] of jobs.current) if (job.file && !job.busy) void attempt(id);
    };
    window.addEventListener('online', resume);
    const timer = waiting ? setInterval(() => online() && resume(), RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', resume);
      clearInterval(timer);
    };
  }, [attempt, waiting]);

  /**
   * A new entry for a file still being made ready (a photo being shrunk, pages becoming a PDF):
   * `ready` hands it the file to send, or the reason it cannot go.
   */
  const add = useCallback(
    (shown: { name: string; size: number; preview?: Blob | null; preparing: boolean }, issuedOn: string | null) => {
      const id = newId();
      const preview = shown.preview ? URL.createObjectURL(shown.preview) : null;
      if (preview) previews.current.add(preview);
      jobs.current.set(id, { file: null, issuedOn, before: null, busy: false });
      setEntries((list) => [
        ...list,
        {
          id,
          name: shown.name,
          size: shown.size,
          fraction: 0,
          phase: shown.preparing ? 'preparing' : 'sending',
          preview,
          error: null,
        },
      ]);
      return (ready: File | { problem: string }) => {
        const job = jobs.current.get(id);
        if (!job) return;
        if (!(ready instanceof File)) {
          jobs.current.delete(id);
          patch(id, { phase: 'failed', error: ready.problem });
          return;
        }
        job.file = ready;
        patch(id, { name: ready.name, size: ready.size });
        void attempt(id);
      };
    },
    [attempt, patch],
  );

  const dismiss = useCallback((id: string) => {
    jobs.current.delete(id);
    setEntries((list) => list.filter((e) => e.id !== id));
  }, []);

  return { entries, add, retry: attempt, dismiss };
}
