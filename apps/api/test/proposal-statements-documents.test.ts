import { describe, expect, it } from 'vitest';
import { DATABASES, statementSuite } from './helpers';
import { makePdf } from './document-files';
import { tusClient } from './helpers/tus';

// What a party's upload and a file taken back cost in statements, counted as in
// proposal-statements.test.ts (docs/decisions/059-the-proposal-core.md): every statement the app
// sends while the request runs, the session's read, BEGIN and COMMIT included. The upload is the
// tus PATCH that carries the whole file: the resumable upload's own rows, the checks before the
// body (prepareUpload), then the document's transaction. The outbox's delivery, kicked after the
// commit, is not the request's. Before the upload was written on the proposal core, on both
// databases: 35 statements (the proposal, its members, sections, declarations, files and settings
// read apart, and its status again); now 30. The file taken back was already on the core: 18.

describe.each(DATABASES)("statements of a party's upload and of a file taken back on %s", (dialect) => {
  const { as, ids, sent } = statementSuite(dialect);

  it('an upload, then the file taken back', async () => {
    const tus = tusClient(as.comprador);
    const content = makePdf();
    const created = await tus.create(ids.twoBuyers, 'income_tax_buyer1', {
      name: 'IRPF.pdf',
      type: 'application/pdf',
      size: content.length,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = String(created.headers.location);
    let fileId = '';
    const upload = await sent(async () => {
      const res = await tus.patch(url, 0, content);
      fileId = String(res.headers['upload-document-file']);
      return res;
    }, 204);
    const takeBack = await sent(
      () => as.comprador.delete(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${fileId}`),
      204,
    );
    for (const sqls of [upload, takeBack]) {
      expect(sqls.filter((sql) => /^begin/.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /^update "proposals" set "filling_status"/.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /^insert into "audit_log"/.test(sql))).toHaveLength(1);
      expect(sqls.filter((sql) => /^insert into "document_events"/.test(sql))).toHaveLength(1);
    }
    // The upload's transaction reads the proposal once, in the core's one statement, and its
    // status from it: no read of the proposal, its members or its status of its own.
    expect(upload.filter((sql) => /^select (\*|"status") from "(proposals|proposal_members)"/.test(sql))).toEqual([]);
    expect([upload.length, takeBack.length]).toEqual([30, 18]);
  });
});
