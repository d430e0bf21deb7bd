import { DetailedError, Upload } from 'tus-js-client';
import { API_MESSAGES } from '@portal/domain/api-error';
import type { DocumentItemKey } from '@portal/domain/documents';
import { API_TIMEOUT_MS, ApiRequestError, reportUnauthorized } from './api-client';

/** The API's tus endpoint (docs/decisions/053-resumable-uploads.md). */
export const UPLOADS_ENDPOINT = '/api/v3/uploads';
/** Waits before each new try after a cut connection: at once, then longer, for about a minute in all. */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
const STORAGE_PREFIX = 'portal-upload';

/** The content's SHA-256 in hex: the same file picked again after a reload resumes the same upload. */
async function contentHash(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key its upload URL is kept under in localStorage: one upload per proposal, item and content. */
export async function uploadFingerprint(proposalId: string, item: string, file: Blob): Promise<string> {
  return `${STORAGE_PREFIX}:${proposalId}:${item}:${await contentHash(file)}`;
}

/** The API's error body (`{"error": {"code", "message"}}`) of a refused tus request, as ApiRequestError. */
function toApiError(err: Error): ApiRequestError {
  const response = err instanceof DetailedError ? err.originalResponse : null;
  if (!response)
    return new ApiRequestError(0, 'network', 'Não foi possível enviar. Verifique sua internet e tente novamente.');
  const status = response.getStatus();
  if (status === 401) reportUnauthorized();
  try {
    const body = JSON.parse(response.getBody()) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return new ApiRequestError(status, body.error.code ?? 'http_error', body.error.message);
  } catch {
    // Not the API's JSON (a proxy's page): the generic message below.
  }
  return new ApiRequestError(status, 'http_error', API_MESSAGES.internal);
}

/**
 * Sends one file to a checklist item by the tus 1.0 protocol: in one stream while the connection
 * holds, and after a cut from the offset the server says it has (HEAD), after the RETRY_DELAYS.
 * The upload's URL is kept in localStorage under uploadFingerprint, so the same file picked again
 * after a reload continues where it stopped. Resolves with the stored document's id.
 */
export async function uploadDocumentResumable(args: {
  proposalId: string;
  item: DocumentItemKey;
  file: File;
  /** The document's issue date (AAAA-MM-DD), for one that ages; its validity counts from it. */
  issuedOn?: string | null;
  /** Fraction of the file the server has; bytesSent counts the bytes it confirmed or received. */
  onProgress: (fraction: number, bytesSent: number) => void;
  /** Called when the upload continues an earlier one (after a reload or a cut connection). */
  onResume?: () => void;
  signal?: AbortSignal;
}): Promise<{ id: string }> {
  const { file } = args;
  const fingerprint = await uploadFingerprint(args.proposalId, args.item, file);
  return new Promise((resolve, reject) => {
    // The API's 60-second timeout (docs/product/api.md) counts from the last sign of progress: a
    // request that stops moving is dropped and the upload continues from the server's offset, a few
    // times; then the person is told.
    let idle: ReturnType<typeof setTimeout> | undefined;
    let stalls = 0;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (++stalls > RETRY_DELAYS.length) {
          void upload.abort();
          reject(
            new ApiRequestError(0, 'timeout', 'O envio parou de avançar. Verifique sua internet e tente novamente.'),
          );
          return;
        }
        args.onResume?.();
        void upload.abort().then(() => {
          arm();
          upload.start();
        });
      }, API_TIMEOUT_MS);
    };
    const upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      retryDelays: RETRY_DELAYS,
      fingerprint: async () => fingerprint,
      removeFingerprintOnSuccess: true,
      metadata: {
        proposal: args.proposalId,
        item: args.item,
        filename: file.name,
        filetype: file.type,
        ...(args.issuedOn ? { issuedOn: args.issuedOn } : {}),
      },
      onProgress: (sent, total) => {
        arm();
        args.onProgress(total ? sent / total : 0, sent);
      },
      onShouldRetry: (err, attempt) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        // A refusal (4xx, but a lost race on the offset or a lock) will not change by sending again.
        const retry =
          attempt < RETRY_DELAYS.length && (status === 0 || status >= 500 || status === 409 || status === 423);
        if (retry) args.onResume?.();
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        clearTimeout(idle);
        args.onProgress(1, file.size);
        resolve({ id: lastResponse.getHeader('Upload-Document-File') ?? '' });
      },
      onError: (err) => {
        clearTimeout(idle);
        reject(toApiError(err));
      },
    });
    args.signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(idle);
        void upload.abort(true);
        reject(new DOMException('Envio cancelado.', 'AbortError'));
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) {
          args.onResume?.();
          upload.resumeFromPreviousUpload(last);
        }
      })
      .catch(() => {
        // No localStorage (private mode): a new upload, not resumable after a reload.
      })
      .finally(() => {
        arm();
        upload.start();
      });
  });
}
