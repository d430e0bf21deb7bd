import { existsSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, type Client } from './helpers';
import { CLAMD_BINARY, EICAR, makeExe, makePdf, startFakeClamd, startRealClamd } from './document-files';
import { startS3Server, type S3TestServer } from './s3-server';
import { createS3Storage } from '../src/modules/documents/storage';

import { documentRows, listDocuments, storedFiles, uploadDocument } from './helpers/documents';
import { tusClient, type ResumableFile } from './helpers/tus';
import { until } from './helpers/until';

describe.each(DATABASES)('documents: a closed proposal and a cut connection on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const { outro } = as;

  const list = (who: Client, proposal: string) => listDocuments(who, proposal);
  const upload = (who: Client, key: string, file: ResumableFile, proposal: string) =>
    uploadDocument(who, proposal, key, file);
  const rowCount = () => documentRows(t);

  it('takes no file once the proposal has gone to the bank', async () => {
    await t.db.kysely
      .updateTable('proposals')
      .set({ status: 'sent_to_bank' })
      .where('id', '=', ids.othersProposal)
      .execute();
    try {
      const res = await upload(outro, 'income_tax_buyer1', { name: 'ir.pdf', content: makePdf() }, ids.othersProposal);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Esta proposta não aceita mais alterações.');
      expect((await list(outro, ids.othersProposal)).canUpload).toBe(false);
    } finally {
      await t.db.kysely
        .updateTable('proposals')
        .set({ status: 'filling' })
        .where('id', '=', ids.othersProposal)
        .execute();
    }
  });

  it('leaves no document and nothing in storage when the connection drops mid-upload; the bytes received wait for the rest', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = { rows: await rowCount(), files: storedFiles(t) };
    const content = makePdf({ pad: 4 * 1024 * 1024 });
    const tus = tusClient(outro);
    const created = await tus.create(ids.othersProposal, 'occupation_declaration_1', {
      name: 'cortado.pdf',
      type: 'application/pdf',
      size: content.length,
    });
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    const received = join(t.config.documents.resumable.dir, url.split('/').pop()!);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `PATCH ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${outro.cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${content.length}\r\n\r\n`,
    );
    socket.write(content.subarray(0, 2 * 1024 * 1024));
    // Let the server write part of it, then cut the connection.
    await until(
      'part of the PATCH on disk',
      async () => (existsSync(received) && statSync(received).size > 0) || undefined,
      5000,
    );
    socket.destroy();
    // Once the cut request is over (tus holds the upload's lock until then), HEAD tells what arrived.
    const head = await until(
      'the cut PATCH to end',
      async () => {
        const res = await tus.head(url);
        return res.statusCode === 200 ? res : undefined;
      },
      5000,
    );
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(content.length);
    // No document, nothing staged or committed in the documents' storage.
    expect(storedFiles(t)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
    // The rest from the server's offset ends as the same file, whole.
    const rest = await tus.patch(url, offset, content.subarray(offset));
    expect(rest.statusCode).toBe(204);
    const id = String(rest.headers['upload-document-file']);
    const back = await outro.get(`/api/v3/proposals/${ids.othersProposal}/documents/files/${id}/content`);
    expect(back.rawPayload.equals(content)).toBe(true);
    expect(await rowCount()).toBe(before.rows + 1);
    expect(existsSync(received)).toBe(false);
  });
});

/** The app's settings for a clamd listening on this machine. */
const scannerAt = (port: number) => ({ CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(port) });

describe('documents with a virus scanner (fake clamd speaking INSTREAM)', () => {
  let clamd: Awaited<ReturnType<typeof startFakeClamd>>;
  beforeAll(async () => {
    clamd = await startFakeClamd();
  });
  afterAll(async () => clamd?.close());
  const { t, as, ids } = demoSuite('sqlite', () => ({ env: scannerAt(clamd.port) }));
  const upload = (content: Buffer) =>
    uploadDocument(as.comprador, ids.twoBuyers, 'occupation_declaration_1', { name: 'doc.pdf', content });

  it('scans every upload and refuses the EICAR test file, keeping nothing', async () => {
    const clean = await upload(makePdf({ pad: 300_000 }));
    expect(clean.statusCode).toBe(201);
    expect(clamd.scanned()).toBe(1);
    const before = storedFiles(t);
    const infected = await upload(makePdf({ text: EICAR }));
    expect(infected.statusCode).toBe(422);
    expect(infected.json().error).toEqual({
      code: 'infected',
      message: 'O arquivo foi recusado pela verificação de antivírus.',
    });
    expect(clamd.scanned()).toBe(2);
    expect(storedFiles(t)).toEqual(before);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'document.infected')
      .execute();
    expect(audit).toEqual([{ action: 'document.infected', detail: 'Eicar-Test-Signature' }]);
  });

  it('refuses to take files unscanned when the scanner is down (503)', async () => {
    await clamd.close();
    const res = await upload(makePdf());
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('scanner_unavailable');
    expect(storedFiles(t).filter((f) => f.startsWith('staging/'))).toEqual([]);
  });
});

// Debian's clamav-daemon when installed (apt-get install clamav-daemon), with a local EICAR signature file.
describe.skipIf(!CLAMD_BINARY)('documents with a real clamd and a local EICAR signature', () => {
  let clamd: Awaited<ReturnType<typeof startRealClamd>>;
  beforeAll(async () => {
    clamd = await startRealClamd();
  }, 60_000);
  afterAll(async () => clamd?.close());
  const { t, as, ids } = demoSuite('sqlite', () => ({ env: scannerAt(clamd.port) }));

  it('passes a clean PDF and refuses one carrying the EICAR test string', async () => {
    const send = (content: Buffer) =>
      uploadDocument(as.comprador, ids.twoBuyers, 'occupation_declaration_1', { name: 'doc.pdf', content });
    expect((await send(makePdf({ pad: 2 * 1024 * 1024 }))).statusCode).toBe(201);
    const infected = await send(makePdf({ text: EICAR }));
    expect(infected.statusCode).toBe(422);
    expect(infected.json().error.code).toBe('infected');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'document.infected')
      .execute();
    expect(audit).toEqual([{ detail: 'Portal.Test.EICAR.UNOFFICIAL' }]);
  });
});

describe('documents on the S3 driver (s3rver)', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => s3?.close());
  const { t, as, ids } = demoSuite('sqlite', () => ({ env: s3.env }));
  const { comprador: main } = as;

  it('uploads to the bucket, serves the same bytes back, and leaves no object for a refused file', async () => {
    const storage = createS3Storage(s3.config);
    try {
      const pdf = makePdf({ pad: 6 * 1024 * 1024 });
      const res = await uploadDocument(main, ids.twoBuyers, 'income_tax_buyer1', { name: 'ir.pdf', content: pdf });
      expect(res.statusCode).toBe(201);
      const id = res.json().data.id as string;
      const objects = await storage.list('');
      expect(objects.map((o) => o.key)).toEqual([expect.stringMatching(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/)]);
      expect(storedFiles(t)).toEqual([]);
      const dl = await main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${id}/content`);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.rawPayload.equals(pdf)).toBe(true);

      const refused = await uploadDocument(main, ids.twoBuyers, 'income_tax_buyer1', {
        name: 'ir.pdf',
        content: makeExe(),
      });
      expect(refused.statusCode).toBe(415);
      expect((await storage.list('')).length).toBe(1);
    } finally {
      await storage.close();
    }
  });
});
