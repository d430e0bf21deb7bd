import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './app';
import type { Client } from './client';
import { multipartBody } from '../document-files';

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

/** Sends one file to a checklist item, as the browser's multipart form does. */
export function uploadDocument(who: Client, proposal: string, key: string, file: Parameters<typeof multipartBody>[0]) {
  const body = multipartBody(file);
  return who.post(`/api/v3/proposals/${proposal}/documents/${key}/files`, body.payload, { headers: body.headers });
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
