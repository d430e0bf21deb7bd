import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Client } from './client';

export const UPLOADS_URL = '/api/v3/uploads';

/** What a resumable upload is created with: the tus Upload-Metadata the browser module sends. */
export interface ResumableFile {
  name: string;
  content: Buffer;
  type?: string;
  issuedOn?: string;
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/** Upload-Metadata naming the proposal, the checklist item and the file. */
export function uploadMetadata(proposal: string, item: string, file: Omit<ResumableFile, 'content'>): string {
  const pairs: [string, string][] = [
    ['proposal', proposal],
    ['item', item],
    ['filename', file.name],
    ['filetype', file.type ?? ''],
  ];
  if (file.issuedOn) pairs.push(['issuedOn', file.issuedOn]);
  return pairs.map(([k, v]) => `${k} ${b64(v)}`).join(',');
}

/**
 * tus 1.0 requests as one caller (the session cookie on each, Tus-Resumable on each), through the
 * app's inject: create, HEAD, PATCH a chunk at an offset, DELETE.
 */
export function tusClient(who: Client) {
  const send = (
    method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: Buffer,
  ) => who.request(method, url, payload, { headers: { 'tus-resumable': '1.0.0', ...headers } });
  return {
    create: (proposal: string, item: string, file: Omit<ResumableFile, 'content'> & { size: number }) =>
      send('POST', UPLOADS_URL, {
        'upload-length': String(file.size),
        'upload-metadata': uploadMetadata(proposal, item, file),
      }),
    head: (url: string) => send('HEAD', url, {}),
    patch: (url: string, offset: number, chunk: Buffer) =>
      send('PATCH', url, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk),
    delete: (url: string) => send('DELETE', url, {}),
  };
}

/**
 * Sends one file to a checklist item the way the browser does: create, then PATCH it in `chunks`
 * pieces. Returns the upload's URL, the last answer, and the stored document's id (the
 * Upload-Document-File header of the last PATCH) when it was accepted.
 */
export async function uploadResumable(
  who: Client,
  proposal: string,
  item: string,
  file: ResumableFile,
  options: { chunks?: number } = {},
): Promise<{ url: string | null; last: LightMyRequestResponse; documentId: string | null }> {
  const tus = tusClient(who);
  const created = await tus.create(proposal, item, { ...file, size: file.content.length });
  if (created.statusCode !== 201) return { url: null, last: created, documentId: null };
  const url = String(created.headers.location);
  expect(url).toMatch(new RegExp(`^${UPLOADS_URL}/[a-f0-9]{32}$`));
  const chunks = Math.max(1, options.chunks ?? 1);
  const step = Math.ceil(file.content.length / chunks);
  let last = created;
  for (let offset = 0; offset < file.content.length; offset += step) {
    last = await tus.patch(url, offset, file.content.subarray(offset, offset + step));
    if (last.statusCode !== 204) break;
  }
  const header = last.headers['upload-document-file'];
  return { url, last, documentId: last.statusCode === 204 && header ? String(header) : null };
}

/** Starts an upload of `size` bytes to the item as `who` (201 expected); returns its id. */
export async function startUpload(who: Client, proposal: string, item: string, size = 2_000) {
  const res = await tusClient(who).create(proposal, item, { name: 'ir.pdf', type: 'application/pdf', size });
  if (res.statusCode !== 201) throw new Error(`tus create failed: ${res.statusCode} ${res.body}`);
  return String(res.headers.location).split('/').pop()!;
}

/** One tus request of any method on an upload URL, with what that method needs (a 100-byte PATCH at 0). */
export function tusRequest(who: Client, method: string, url: string) {
  const tus = tusClient(who);
  if (method === 'HEAD') return tus.head(url);
  if (method === 'DELETE') return tus.delete(url);
  return tus.patch(url, 0, Buffer.alloc(100, 0x25));
}
