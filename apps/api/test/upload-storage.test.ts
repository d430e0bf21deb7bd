import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@portal/domain/auth';
import { createDocumentsService } from '../src/modules/documents/documents.service';
import { createObjectStorage, type ObjectStorage } from '../src/modules/documents/storage';
import { proposalQuotaMessage, userQuotaMessage } from '../src/modules/documents/upload-housekeeping';
import { createTestApp, DATABASES, type TestApp } from './helpers';
import { makeExe, makePdf, multipartBody } from './document-files';
import { startS3Server, type S3TestServer } from './s3-server';

/**
 * Upload quotas, and storage that holds exactly the live documents after uploads, deletes, refusals
 * and a crash between the storage write and the row (docs/decisions/015-abuse-limits.md).
 */
const QUOTA = { UPLOAD_QUOTA_USER_MB: '0.1', UPLOAD_QUOTA_PROPOSAL_MB: '0.13' };
const PDF_BYTES = 30_000;
const ITEM = 'income_tax_buyer1';

const SETUPS = [
  ...DATABASES.map((dialect) => ({ name: `local folder on ${dialect}`, dialect, s3: false })),
  { name: 'S3 on sqlite', dialect: 'sqlite' as const, s3: true },
];

describe.each(SETUPS)('upload storage: $name', ({ dialect, s3: useS3 }) => {
  let t: TestApp;
  let s3: S3TestServer | null = null;
  let storage: ObjectStorage;
  let proposal: string;
  const cookies = {} as Record<'main' | 'second', string>;
  const users = {} as Record<'main' | 'second', SessionUser>;

  beforeAll(async () => {
    if (useS3) s3 = await startS3Server();
    t = await createTestApp(dialect, { env: { ...QUOTA, ...(s3?.env ?? {}) } });
    storage = createObjectStorage(t.config.documents.storage);
    for (const [who, email] of [
      ['main', 'comprador@demo.com.br'],
      ['second', 'compradora@demo.com.br'],
    ] as const) {
      const { id } = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const token = await t.app.repos.sessions.createSession({ userId: id, ip: null, userAgent: null });
      cookies[who] = `access_token=${token}`;
      users[who] = (await t.app.repos.sessions.findSessionUser(token))!;
    }
    const list = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: cookies.main } })).json().data as {
      id: string;
      code: string;
    }[];
    proposal = list.find((p) => p.code === 'PF-2026-004817')!.id;
  });
  afterAll(async () => {
    await storage?.close();
    await t?.close();
    await s3?.close();
  });

  const upload = (who: 'main' | 'second', content: Buffer, item = ITEM, name = 'doc.pdf') => {
    const body = multipartBody({ name, content });
    return t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${proposal}/documents/${item}/files`,
      headers: { cookie: cookies[who], ...body.headers },
      payload: body.payload,
    });
  };
  const remove = (fileId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v3/proposals/${proposal}/documents/files/${fileId}`,
      headers: { cookie: cookies.main },
    });
  const objects = async () => (await storage.list('')).map((o) => o.key).sort();
  const liveKeys = async () =>
    (await t.db.kysely.selectFrom('document_files').select('storage_key').execute()).map((r) => r.storage_key).sort();

  it('refuses past the per-user and per-proposal byte quotas in Portuguese, and a delete frees room', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload('main', makePdf({ pad: PDF_BYTES, text: `main ${i}` }));
      expect(res.statusCode).toBe(201);
      sent.push(res.json().data.id);
    }
    const overUser = await upload('main', makePdf({ pad: PDF_BYTES, text: 'main 3' }));
    expect(overUser.statusCode).toBe(413);
    expect(overUser.json().error).toMatchObject({ code: 'quota_exceeded', message: userQuotaMessage(0.1) });

    // The second buyer has room of their own, but the proposal (0,13 MB) fills up.
    expect(
      (await upload('second', makePdf({ pad: PDF_BYTES, text: 'second 0' }), 'income_tax_buyer2')).statusCode,
    ).toBe(201);
    const overProposal = await upload('second', makePdf({ pad: PDF_BYTES, text: 'second 1' }), 'income_tax_buyer2');
    expect(overProposal.statusCode).toBe(413);
    expect(overProposal.json().error.message).toBe(proposalQuotaMessage(0.13));
    expect(overProposal.json().error.message).toContain('0,13 MB');

    expect((await remove(sent[0]!)).statusCode).toBeLessThan(300);
    expect((await upload('main', makePdf({ pad: PDF_BYTES, text: 'main 4' }))).statusCode).toBe(201);
    expect(await objects()).toEqual(await liveKeys());
  });

  it('storage holds exactly the live documents after deletes, refusals and a crash between the write and the row', async () => {
    const mine = (
      await t.db.kysely.selectFrom('document_files').select('id').where('uploaded_by', '=', users.main.id).execute()
    ).map((r) => r.id);
    for (const id of mine) expect((await remove(id)).statusCode).toBeLessThan(300);
    expect((await upload('main', makeExe(), ITEM, 'virus.exe')).statusCode).toBe(415);
    expect((await upload('main', makePdf({ pad: 200_000 }))).statusCode).toBe(413); // over the quota by itself
    expect(await objects()).toEqual(await liveKeys());

    // A second instance of the service whose process "dies" right after the storage write.
    let reached!: () => void;
    const atCrash = new Promise<void>((r) => (reached = r));
    const crashing = createDocumentsService({
      db: t.db.kysely,
      storage,
      scanner: null,
      mailer: t.app.mailer,
      config: t.config.documents,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      faults: { afterStorageWrite: () => (reached(), new Promise<void>(() => {})) },
    });
    const ctx = await crashing.prepareUpload(users.main, proposal, ITEM);
    void crashing.storeUpload(ctx, { file: Readable.from([makePdf({ text: 'crash' })]), filename: 'crash.pdf' });
    await atCrash;
    const live = await liveKeys();
    const orphans = (await objects()).filter((k) => !live.includes(k));
    expect(orphans).toHaveLength(1);

    // The sweep (at start and every half hour; here with no grace period) removes it.
    expect(await t.app.services.documents.sweep(0)).toBe(1);
    expect(await objects()).toEqual(await liveKeys());
    expect(await t.db.kysely.selectFrom('pending_storage').selectAll().execute()).toEqual([]);
  });
});
