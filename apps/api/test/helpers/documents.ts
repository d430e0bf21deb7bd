import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './app';
import type { Client } from './client';
import { uploadResumable, type ResumableFile } from './tus';

export interface ItemJson {
  key: string;
  state: string;
  reason: string | null;
  uploader: string;
  buyer: number | null;
  validityDays: number | null;
  expiresAt: string | null;
  files: {
    id: string;
    name: string;
    status: string;
    flags: string[];
    mime: string;
    size: number;
    canDelete: boolean;
    reviewReason: string | null;
  }[];
}

/** Every file the local driver holds, relative to DATA_DIR/uploads. */
export function storedFiles(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'uploads');
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(root, '');
  return out.sort();
}

/** The documents page of a proposal as the caller sees it (200 expected). */
export async function listDocuments(who: Client, proposal: string) {
  const res = await who.get(`/api/v3/proposals/${proposal}/documents`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    checklist: Record<string, boolean>;
    items: ItemJson[];
    canUpload: boolean;
    maxMb: number;
  };
}

/**
 * What uploadDocument answers: 201 with `{ data: file }` (the stored document as its uploader's
 * documents page shows it) when the upload ended in a document, else the tus answer that refused it
 * (at creation: 401/403/404/409/413/415…; at the last PATCH: what the file's checks said).
 */
export interface DocumentUpload {
  statusCode: number;
  body: string;
  json(): any;
  /** The upload's URL, when it was created. */
  url: string | null;
}

/**
 * Sends one file to a checklist item the only way the API takes one, as the browser does: a tus
 * upload (helpers/tus.ts) in `chunks` PATCHes, then the stored document read back from the list.
 */
export async function uploadDocument(
  who: Client,
  proposal: string,
  key: string,
  file: ResumableFile,
  options: { chunks?: number } = {},
): Promise<DocumentUpload> {
  const { url, last, documentId } = await uploadResumable(who, proposal, key, file, options);
  if (!documentId) return { statusCode: last.statusCode, body: last.body, json: () => last.json(), url };
  expect(last.statusCode).toBe(204);
  const stored = (await listDocuments(who, proposal)).items.flatMap((i) => i.files).find((f) => f.id === documentId);
  expect(stored, `document ${documentId} on the uploader's list`).toBeTruthy();
  const body = JSON.stringify({ data: stored });
  return { statusCode: 201, body, json: () => JSON.parse(body), url };
}

/** How many document rows the database holds. */
export async function documentRows(t: TestApp) {
  return Number(
    (
      await t.db.kysely
        .selectFrom('document_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
