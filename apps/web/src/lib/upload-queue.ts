import { ApiRequestError } from './api-client';
import { formatSize } from './file-size';

/**
 * The pure rules of the upload queue (docs/decisions/054-pages-and-upload-queue.md): what counts
 * as "no connection" (the file waits and leaves when the browser is online again), how far a file
 * went, and how a retry recognises a file the server stored although the answer never arrived.
 */

/**
 * A failure that says nothing about the file, only that it could not travel now: no answer (the
 * connection failed, was cut or stalled) or a gateway/unavailable answer (502, 503, 504 — the
 * portal restarting or without its database, docs/product/offline.md). The file waits for the
 * connection. Any other answer is about the file and is shown as it is.
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return false;
  if (err.status === 0) return err.code === 'network' || err.code === 'timeout';
  return err.status === 502 || err.status === 503 || err.status === 504;
}

/** "1,2 MB de 3,4 MB": how much of the file has left the phone. */
export function sentText(fraction: number, size: number): string {
  const done = Math.round(Math.min(1, Math.max(0, fraction)) * size);
  return `${formatSize(done)} de ${formatSize(size)}`;
}

/**
 * Whether a file with this name and size appeared on the item since the first attempt (the ids
 * it had then): the server stored it and only its answer was lost, so sending it again would make
 * a second copy.
 */
export function storedSince(
  before: ReadonlySet<string>,
  files: readonly { id: string; name: string; size: number }[],
  name: string,
  size: number,
): boolean {
  return files.some((f) => !before.has(f.id) && f.name === name && f.size === size);
}

/**
 * What "Sair sem enviar?" says would be lost: "3 páginas não enviadas e 1 arquivo aguardando
 * conexão. Se sair agora, não serão enviados."
 */
export function leavingMessage(pages: number, waiting: number): string {
  const parts: string[] = [];
  if (pages > 0) parts.push(pages === 1 ? '1 página não enviada' : `${pages} páginas não enviadas`);
  if (waiting > 0)
    parts.push(waiting === 1 ? '1 arquivo aguardando conexão' : `${waiting} arquivos aguardando conexão`);
  const plural = pages + waiting > 1;
  // Pages alone agree in the feminine; with a file among them, in the masculine.
  const sent = `enviad${waiting === 0 ? 'a' : 'o'}${plural ? 's' : ''}`;
  return `${parts.join(' e ')}. Se sair agora, ${plural ? 'não serão' : 'não será'} ${sent}.`;
}
