import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, type Client } from './helpers';
import { heicPhoto } from '../src/modules/documents/heic.fixture';
import { makeExe, makeJpegLike, makePdf } from './document-files';
import { documentRows, listDocuments, storedFiles, uploadDocument } from './helpers/documents';
import type { ResumableFile } from './helpers/tus';

describe.each(DATABASES)('documents on %s', (dialect) => {
  const { t, as, ids, anonymous } = demoSuite(dialect);
  const { comprador: main, compradora: second, outro, vendedor: seller, operador: operator } = as;

  const list = (who: Client, proposal = ids.twoBuyers) => listDocuments(who, proposal);
  const item = async (who: Client, key: string, proposal = ids.twoBuyers) =>
    (await list(who, proposal)).items.find((i) => i.key === key)!;
  const upload = (who: Client, key: string, file: ResumableFile, proposal = ids.twoBuyers) =>
    uploadDocument(who, proposal, key, file);
  const review = (who: Client, path: string, payload: object) =>
    who.post(`/api/v3/proposals/${ids.twoBuyers}/documents/${path}/review`, payload);
  const rowCount = () => documentRows(t);

  it('derives what each person sends from the proposal: buyers their items, the seller the property papers', async () => {
    const mine = await list(main);
    const keys = mine.items.map((i) => i.key);
    // Carlos is married (seed): the marriage certificate is asked for; nobody is represented; no FGTS answers yet.
    expect(keys).toEqual([
      'occupation_declaration_1',
      'income_tax_buyer1',
      'proof_of_address_buyer1',
      'occupation_declaration_2',
      'income_tax_buyer2',
      'proof_of_address_buyer2',
      'marriage_lines',
    ]);
    expect(mine.items.every((i) => i.state === 'pending' && i.uploader === 'buyer')).toBe(true);
    expect(mine.items.find((i) => i.key === 'proof_of_address_buyer1')!.validityDays).toBe(90);
    expect(mine.checklist).toEqual({
      occupation_declaration_1: false,
      occupation_declaration_2: false,
      marriage_lines: false,
      income_tax_buyer1: false,
      income_tax_buyer2: false,
      represented_document_buyer1: false,
      represented_document_buyer2: false,
      fgts_form_0: false,
      fgts_form_1: false,
    });
    expect(mine.maxMb).toBe(20);

    const sellers = await list(seller);
    expect(sellers.items.map((i) => [i.key, i.validityDays])).toEqual([
      ['property_registration', 30],
      ['iptu_current_year', null],
      ['sellers_form', null],
    ]);
    expect(Object.keys(sellers.checklist).sort()).toEqual([
      'iptu_current_year',
      'property_registration',
      'sellers_form',
    ]);

    // The second buyer sees their own items and the shared one, not the main buyer's.
    const hers = (await list(second)).items.map((i) => i.key);
    expect(hers).toEqual([
      'occupation_declaration_2',
      'income_tax_buyer2',
      'proof_of_address_buyer2',
      'marriage_lines',
    ]);
  });

  it('follows the data: an attorney adds the represented buyer item', async () => {
    const data = await t.db.kysely
      .selectFrom('proposal_sections')
      .select(['id', 'data'])
      .where('proposal_id', '=', ids.twoBuyers)
      .where('section', '=', 'data')
      .where('buyer', '=', 0)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('proposal_sections')
      .set({ data: JSON.stringify({ ...JSON.parse(data.data!), represented: true }) })
      .where('id', '=', data.id)
      .execute();
    try {
      expect((await list(main)).items.map((i) => i.key)).toContain('represented_document_buyer1');
    } finally {
      await t.db.kysely.updateTable('proposal_sections').set({ data: data.data }).where('id', '=', data.id).execute();
    }
    expect((await list(main)).items.map((i) => i.key)).not.toContain('represented_document_buyer1');
  });

  it("follows the data: a buyer's eligible FGTS answers add their signed FGTS form and statement", async () => {
    const answers = {
      uses_fgts: 'yes',
      contribution_years: 'yes',
      works_or_lives_in_city: 'yes',
      owns_home_in_city: 'no',
      active_sfh_financing: 'no',
      used_fgts_last_3_years: 'no',
    };
    const id = crypto.randomUUID();
    await t.db.kysely
      .insertInto('proposal_sections')
      .values({
        id,
        proposal_id: ids.twoBuyers,
        section: 'fgts_questions',
        buyer: 1,
        draft: null,
        draft_updated_at: null,
        data: JSON.stringify(answers),
        submitted_at: Date.now(),
        status: 'done',
        review_note: null,
        updated_by: null,
        updated_at: Date.now(),
        version: 1,
      })
      .execute();
    try {
      const keys = (await list(second)).items.map((i) => i.key);
      expect(keys).toContain('fgts_form_1');
      expect(keys).toContain('fgts_statement_buyer2');
      expect(keys).not.toContain('fgts_form_0');
      expect((await list(second)).checklist.fgts_form_1).toBe(false);
    } finally {
      await t.db.kysely.deleteFrom('proposal_sections').where('id', '=', id).execute();
    }
  });

  it('stores a PDF under a random key and serves it only through the download route, with the right headers', async () => {
    const pdf = makePdf();
    const res = await upload(main, 'income_tax_buyer1', {
      name: 'Declaração IRPF 2025.pdf',
      content: pdf,
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({
      name: 'Declaração IRPF 2025.pdf',
      mime: 'application/pdf',
      size: pdf.length,
      status: 'sent',
      flags: [],
      canDelete: true,
    });
    const row = await t.db.kysely
      .selectFrom('document_files')
      .selectAll()
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(storedFiles(t)).toContain(row.storage_key);

    const dl = await main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}/content`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Declaracao IRPF 2025.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20IRPF%202025.pdf`,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['cache-control']).toBe('private, no-store');
    expect(dl.headers['content-length']).toBe(String(pdf.length));
    expect(dl.rawPayload.equals(pdf)).toBe(true);

    // The operator's preview: inline, and framable by the portal's own pages only.
    const inline = await operator.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}/content?inline=1`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Everything else keeps the site-wide policy.
    expect(dl.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    expect((await item(main, 'income_tax_buyer1')).state).toBe('sent');
  });

  it('refuses an .exe renamed .pdf, whatever the declared type, and keeps nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles(t) };
    const res = await upload(main, 'occupation_declaration_1', {
      name: 'holerite.pdf',
      content: makeExe(),
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'unsupported_type',
      message: 'Tipo de arquivo não aceito. Envie PDF, JPG, PNG ou HEIC.',
    });
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles(t)).toEqual(before.files);
  });

  it('refuses 21 MB with 413 and a Portuguese message, keeping nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles(t) };
    const res = await upload(main, 'occupation_declaration_1', {
      name: 'grande.pdf',
      content: makePdf({ pad: 21 * 1024 * 1024 }),
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'file_too_large',
      message: 'O arquivo passa do limite de 20 MB. Envie um arquivo menor.',
    });
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles(t)).toEqual(before.files);
  });

  it('has one way to upload: the old multipart route answers 404 and stores nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles(t) };
    const boundary = '----portal-old-route';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ir.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      makePdf(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await main.post(
      `/api/v3/proposals/${ids.twoBuyers}/documents/occupation_declaration_1/files`,
      payload,
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
    expect(res.statusCode).toBe(404);
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles(t)).toEqual(before.files);
    // Nor does the API describe it: uploads are the tus routes only.
    const paths = Object.keys((await anonymous.get('/api/docs')).json().paths as object);
    expect(paths.filter((p) => p.endsWith('/files'))).toEqual([]);
    expect(paths).toContain('/api/v3/uploads');
  });

  it("stores '../../etc/passwd' safely: a random key on disk, a harmless label", async () => {
    const res = await upload(main, 'occupation_declaration_1', { name: '../../etc/passwd', content: makePdf() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('passwd.pdf');
    const row = await t.db.kysely
      .selectFrom('document_files')
      .select('storage_key')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).not.toContain('passwd');
    expect(storedFiles(t).every((f) => /^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(f))).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);

    // NUL and control characters (the base64 of tus's Upload-Metadata carries any) are dropped.
    const nul = await upload(main, 'occupation_declaration_1', {
      name: 'carteira\u0000\u0007\u001b[31m de trabalho.jpg',
      content: makeJpegLike(),
    });
    expect(nul.statusCode).toBe(201);
    expect(nul.json().data).toMatchObject({ name: 'carteira[31m de trabalho.jpg', mime: 'image/jpeg' });
  });

  it('types files by content: a JPEG called .pdf is stored as a JPEG, HEIC is stored as JPEG, corrupt and encrypted PDFs are flagged', async () => {
    const jpeg = await upload(main, 'proof_of_address_buyer1', {
      name: 'conta de luz.pdf',
      content: makeJpegLike(),
      type: 'application/pdf',
    });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().data).toMatchObject({ mime: 'image/jpeg', name: 'conta de luz.pdf.jpg' });
    const heic = await upload(main, 'proof_of_address_buyer1', {
      name: 'IMG_0001.HEIC',
      content: heicPhoto(),
      type: 'image/heic',
    });
    expect(heic.json().data).toMatchObject({ mime: 'image/jpeg', name: 'IMG_0001.jpg' });

    const encrypted = await upload(main, 'marriage_lines', {
      name: 'certidao.pdf',
      content: makePdf({ encrypted: true }),
    });
    expect(encrypted.json().data.flags).toEqual(['pdf_encrypted']);
    const whole = makePdf();
    const cut = await upload(main, 'marriage_lines', {
      name: 'certidao2.pdf',
      content: whole.subarray(0, whole.length - 30),
    });
    expect(cut.statusCode).toBe(201);
    expect(cut.json().data.flags).toEqual(['pdf_corrupt']);
  });

  it("answers 404 for another user's file, proposal or item, and 403 for a role that has no business there", async () => {
    const mine = (await item(main, 'income_tax_buyer1')).files[0]!;
    const content = (proposal: string, who: Client) =>
      who.get(`/api/v3/proposals/${proposal}/documents/files/${mine.id}/content`);
    expect((await content(ids.twoBuyers, outro)).statusCode).toBe(404);
    expect((await content(ids.othersProposal, outro)).statusCode).toBe(404);
    expect((await content(ids.twoBuyers, seller)).statusCode).toBe(404); // a seller sees no buyer item
    expect((await content(ids.twoBuyers, second)).statusCode).toBe(404); // nor the second buyer the main buyer's
    expect((await content(ids.twoBuyers, operator)).statusCode).toBe(200);
    const del = await outro.delete(`/api/v3/proposals/${ids.othersProposal}/documents/files/${mine.id}`);
    expect(del.statusCode).toBe(404);
    expect((await outro.get(`/api/v3/proposals/${ids.twoBuyers}/documents`)).statusCode).toBe(404);

    const pdf = { name: 'x.pdf', content: makePdf() };
    expect((await upload(outro, 'income_tax_buyer1', pdf)).statusCode).toBe(404);
    expect((await upload(seller, 'income_tax_buyer1', pdf)).statusCode).toBe(404);
    expect((await upload(main, 'property_registration', pdf)).statusCode).toBe(404);
    expect((await upload(second, 'income_tax_buyer1', pdf)).statusCode).toBe(404);
    expect((await upload(main, 'represented_document_buyer1', pdf)).statusCode).toBe(404); // does not apply
    expect((await upload(main, 'no_such_item', pdf)).statusCode).toBe(404);
    expect((await upload(operator, 'income_tax_buyer1', pdf)).statusCode).toBe(403);
    expect((await anonymous.get(`/api/v3/proposals/${ids.twoBuyers}/documents`)).statusCode).toBe(401);

    // The seller uploads the property papers; the buyers never see them.
    const reg = await upload(seller, 'property_registration', { name: 'matricula.pdf', content: makePdf() });
    expect(reg.statusCode).toBe(201);
    expect(
      (await main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${reg.json().data.id}/content`)).statusCode,
    ).toBe(404);
    expect((await item(seller, 'property_registration')).state).toBe('sent');
  });

  it('lets the uploader delete a file before review, not after', async () => {
    const res = await upload(second, 'income_tax_buyer2', { name: 'ir.pdf', content: makePdf() });
    const file = res.json().data;
    const key = (
      await t.db.kysely
        .selectFrom('document_files')
        .select('storage_key')
        .where('id', '=', file.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect((await seller.delete(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}`)).statusCode).toBe(404);
    const del = await second.delete(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}`);
    expect(del.statusCode).toBe(204);
    expect(storedFiles(t)).not.toContain(key);
    expect((await item(second, 'income_tax_buyer2')).state).toBe('pending');
  });

  it('runs the review loop: reject with a reason (e-mailed), the item reopens, a new file, accepted, the checklist records it', async () => {
    const first = (await item(main, 'income_tax_buyer1')).files[0]!;
    expect((await review(main, `files/${first.id}`, { decision: 'accept' })).statusCode).toBe(403);
    const noReason = await review(operator, `files/${first.id}`, { decision: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Obrigatório' });
    expect((await item(main, 'income_tax_buyer1')).state).toBe('sent');

    const rejected = await review(operator, `files/${first.id}`, {
      decision: 'reject',
      reason: 'Falta o recibo de entrega.',
    });
    expect(rejected.statusCode).toBe(200);
    const reopened = await item(main, 'income_tax_buyer1');
    expect(reopened).toMatchObject({ state: 'rejected', reason: 'Falta o recibo de entrega.' });
    expect(reopened.files[0]).toMatchObject({
      status: 'rejected',
      reviewReason: 'Falta o recibo de entrega.',
      canDelete: false,
    });
    const mail = await t.db.kysely.selectFrom('outbox').selectAll().where('kind', '=', 'document_rejected').execute();
    expect(mail.map((m) => m.to_address)).toEqual(['comprador@demo.com.br']);
    expect(mail[0]!.text_body).toContain('Falta o recibo de entrega.');
    expect(mail[0]!.text_body).toContain('http://localhost:3000/buyer/documents/upload');
    expect((await main.delete(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${first.id}`)).statusCode).toBe(409);

    const again = await upload(main, 'income_tax_buyer1', { name: 'IRPF com recibo.pdf', content: makePdf() });
    expect(again.statusCode).toBe(201);
    expect((await item(main, 'income_tax_buyer1')).state).toBe('sent');
    const accepted = await review(operator, 'income_tax_buyer1', { decision: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect((await item(main, 'income_tax_buyer1')).state).toBe('accepted');
    expect((await list(main)).checklist.income_tax_buyer1).toBe(true);
    expect((await review(operator, 'income_tax_buyer1', { decision: 'accept' })).statusCode).toBe(409);
    expect((await review(operator, 'income_tax_buyer1', { decision: 'maybe' })).statusCode).toBe(400);

    const events = await operator.get(`/api/v3/proposals/${ids.twoBuyers}/documents/events`);
    const history = (events.json().data as { item: string; action: string; actor: string; reason: string | null }[])
      .filter((e) => e.item === 'income_tax_buyer1')
      .reverse();
    expect(history.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ['uploaded', 'Carlos Eduardo Souza', null],
      ['rejected', 'Juliana Costa (Equipe do portal)', 'Falta o recibo de entrega.'],
      ['uploaded', 'Carlos Eduardo Souza', null],
      ['accepted', 'Juliana Costa (Equipe do portal)', null],
    ]);
    expect((await main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/events`)).statusCode).toBe(403);
    expect(
      (
        await operator.post(`/api/v3/proposals/${ids.othersProposal}/documents/files/${first.id}/review`, {
          decision: 'accept',
        })
      ).statusCode,
    ).toBe(404);
  });
});
