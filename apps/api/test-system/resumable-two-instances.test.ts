import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { makePdf } from '../test/document-files';
import { buildApi, createTestDatabase, dropTestDatabase, login, startApi, stopApi, type ApiProcess } from './processes';
import { s3rverOnPort } from './fault-services';

/**
 * A resumable upload begun on one instance and finished on another (docs/decisions/053-resumable-
 * uploads.md): two API processes on one PostgreSQL and one bucket (s3rver, which refuses ListParts,
 * so the offsets come from the part records the S3 store keeps in the bucket).
 */
const PROPOSAL_CODE = 'PF-2026-004817';
const ITEM = 'income_tax_buyer1';
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe.skipIf(!process.env.TEST_DATABASE_URL)('resumable upload across two instances on S3 (PostgreSQL)', () => {
  const name = `tus2_${process.pid}`;
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `portal-tus2-${label}-`));
    dirs.push(dir);
    return dir;
  };
  let api: ReturnType<typeof buildApi>;
  let s3: ReturnType<typeof s3rverOnPort>;
  let db: pg.Client;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(name);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    s3 = s3rverOnPort(await freePort(), tempDir('s3'));
    await s3.start();
    api = buildApi();
    // Each instance has its own DATA_DIR: nothing of the upload may live on one machine's disk.
    a = await startApi(api.entry, { DATABASE_URL: databaseUrl, DATA_DIR: tempDir('data-a'), ...s3.env });
    b = await startApi(api.entry, { DATABASE_URL: databaseUrl, DATA_DIR: tempDir('data-b'), ...s3.env });
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopApi(instance);
    await db?.end();
    await s3?.stop();
    api?.remove();
    await dropTestDatabase(name);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: string) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
  const tus = (cookie: string, headers: Record<string, string> = {}) => ({
    headers: { cookie, 'tus-resumable': '1.0.0', ...headers },
  });

  it('half sent on A, resumed on B from the same offset, stored once with the right bytes', async () => {
    const cookie = await login(a.base, 'comprador@demo.com.br');
    const list = (await (await fetch(`${a.base}/api/v3/proposals`, { headers: { cookie } })).json()) as {
      data: { id: string; code: string }[];
    };
    const proposal = list.data.find((p) => p.code === PROPOSAL_CODE)!.id;
    const documentsBefore = await count('document_files');
    const objectsBefore = await s3.keys('files/');

    // 7 MiB: the first PATCH (6 MiB) leaves one full 5 MiB part and a 1 MiB incomplete part in the bucket.
    const content = makePdf({ pad: 7 * 1024 * 1024, text: 'Enviado em duas instâncias' });
    const half = 6 * 1024 * 1024;
    const metadata = [
      ['proposal', proposal],
      ['item', ITEM],
      ['filename', 'matricula.pdf'],
      ['filetype', 'application/pdf'],
    ]
      .map(([k, v]) => `${k} ${b64(v!)}`)
      .join(',');
    const created = await fetch(`${a.base}/api/v3/uploads`, {
      method: 'POST',
      ...tus(cookie, { 'upload-length': String(content.length), 'upload-metadata': metadata }),
    });
    expect(created.status).toBe(201);
    const path = new URL(created.headers.get('location')!, a.base).pathname;
    const patch = (base: string, offset: number, chunk: Buffer) =>
      fetch(`${base}${path}`, {
        method: 'PATCH',
        ...tus(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: chunk,
      });

    const first = await patch(a.base, 0, content.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    const head = await fetch(`${b.base}${path}`, { method: 'HEAD', ...tus(cookie) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(content.length));

    // Someone else asking B about this upload learns nothing about it.
    const other = await login(b.base, 'outro@demo.com.br');
    const foreign = await fetch(`${b.base}${path}`, { method: 'HEAD', ...tus(other) });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('upload-offset')).toBeNull();

    const rest = await patch(b.base, half, content.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(content.length));
    const documentId = rest.headers.get('upload-document-file');
    expect(documentId).toMatch(/^[\w-]+$/);

    expect(await count('document_files')).toBe(documentsBefore + 1);
    expect(await s3.keys('files/')).toHaveLength(objectsBefore.length + 1);
    for (const base of [a.base, b.base]) {
      const back = await fetch(`${base}/api/v3/proposals/${proposal}/documents/files/${documentId}/content`, {
        headers: { cookie },
      });
      expect(back.status).toBe(200);
      expect(Buffer.from(await back.arrayBuffer()).equals(content)).toBe(true);
    }
    // The finished upload's leftovers (its multipart object, .info, part records) are gone from the bucket.
    const id = path.split('/').pop()!;
    await expect.poll(async () => (await s3.keys(id)).length, { timeout: 10_000 }).toBe(0);
  }, 180_000);
});
