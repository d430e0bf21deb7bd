import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOTE_TEXT_MAX } from '@portal/domain/internal-notes';
import { DATABASES, DEMO_PROPOSALS, createUser, sessionClient } from './helpers';
import { FORBIDDEN, UNAUTHENTICATED, unzipNames, useBackofficeWorld } from './helpers/backoffice';

/** The team's internal notes (docs/decisions/051-operator-notes-and-review.md): operators only, versions kept. */

const notesUrl = (proposalId: string) => `/api/v3/backoffice/proposals/${proposalId}/notes`;

describe.each(DATABASES)('internal notes on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, ids } = w;

  it('an operator writes a note, edits it into a new version, and every operator reads it with its history', async () => {
    const created = await as.operador.post(notesUrl(ids.first), { text: '  Renda informal — pedir extratos  ' });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json().data;
    expect(note).toMatchObject({ version: 1, text: 'Renda informal — pedir extratos', history: [] });
    expect(note.author).toBe('Juliana Costa (Equipe do portal)');

    const edited = await as.operador.put(`${notesUrl(ids.first)}/${note.id}`, {
      text: 'Renda informal — extratos de 6 meses pedidos por telefone',
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: note.id,
      version: 2,
      text: 'Renda informal — extratos de 6 meses pedidos por telefone',
      createdAt: note.createdAt,
      history: [{ version: 1, text: 'Renda informal — pedir extratos', author: 'Juliana Costa (Equipe do portal)' }],
    });

    // A second operator sees the note and its history, cannot edit it, and an edit from a stale version is refused.
    const colleague = await sessionClient(w.t, (await createUser(w.t, { role: 'operator' })).id);
    const listed = (await colleague.get(notesUrl(ids.first))).json().data;
    expect(listed.find((n: { id: string }) => n.id === note.id)).toMatchObject({
      version: 2,
      history: [{ version: 1 }],
    });
    const notAuthor = await colleague.put(`${notesUrl(ids.first)}/${note.id}`, { text: 'Outra coisa', version: 2 });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().error.message).toBe('Só quem escreveu a nota pode editá-la.');
    const stale = await as.operador.put(`${notesUrl(ids.first)}/${note.id}`, { text: 'Texto antigo', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('editada por outra pessoa');
    const versions = await w.t.db.kysely
      .selectFrom('proposal_notes')
      .select(['version', 'text'])
      .where('note_id', '=', note.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);

    // Audited without the text (the audit log holds no personal data).
    const audit = await w.t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject', '=', `proposal:${ids.first}`)
      .where('action', 'in', ['note.created', 'note.edited'])
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'note.created', detail: `note:${note.id}` },
      { action: 'note.edited', detail: `note:${note.id} v2` },
    ]);
  });

  it('refuses an empty, too long or unchanged text in Portuguese and stores nothing', async () => {
    const before = await w.t.db.kysely.selectFrom('proposal_notes').select('id').execute();
    for (const [text, message] of [
      ['   ', 'Obrigatório'],
      ['x'.repeat(NOTE_TEXT_MAX + 1), `Use no máximo ${NOTE_TEXT_MAX} caracteres`],
    ] as const) {
      const res = await as.operador.post(notesUrl(ids.cgi), { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.text).toBe(message);
    }
    const note = (await as.operador.post(notesUrl(ids.cgi), { text: 'Ligar amanhã' })).json().data;
    const same = await as.operador.put(`${notesUrl(ids.cgi)}/${note.id}`, { text: 'Ligar amanhã ', version: 1 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('O texto é o mesmo da versão atual: nada a salvar.');
    const after = await w.t.db.kysely.selectFrom('proposal_notes').select('id').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('operators only: 401 without a session, 403 for buyers and sellers; an unknown proposal or another proposal’s note is 404', async () => {
    const note = (await as.operador.post(notesUrl(ids.outro), { text: 'Só para a equipe' })).json().data;
    const calls = [
      ['GET', notesUrl(ids.outro), undefined],
      ['POST', notesUrl(ids.outro), { text: 'Tentativa' }],
      ['PUT', `${notesUrl(ids.outro)}/${note.id}`, { text: 'Tentativa', version: 1 }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await as.anonymous.request(method, url, body)).json()).toEqual(UNAUTHENTICATED);
      // The proposal's own buyer ('outro') and a buyer and seller of other proposals alike.
      for (const client of [as.outro, as.comprador, as.vendedor]) {
        const res = await client.request(method, url, body);
        expect([url, res.statusCode, res.json()]).toEqual([url, 403, FORBIDDEN]);
      }
    }
    expect((await as.operador.get(notesUrl('nao-existe'))).statusCode).toBe(404);
    expect((await as.operador.post(notesUrl('nao-existe'), { text: 'Nota' })).statusCode).toBe(404);
    const elsewhere = await as.operador.put(`${notesUrl(ids.first)}/${note.id}`, { text: 'Mudar', version: 1 });
    expect(elsewhere.statusCode).toBe(404);
    const current = (await as.operador.get(notesUrl(ids.outro))).json().data;
    expect(current.map((n: { text: string }) => n.text)).toEqual(['Só para a equipe']);
  });

  it('never reaches the parties: not in their answers, their e-mails, nor the dossier ZIP for the bank', async () => {
    const secret = 'NOTA-INTERNA-ZEBRA-4471 renda informal';
    expect((await as.operador.post(notesUrl(ids.first), { text: secret })).statusCode).toBe(201);
    // A change that e-mails the buyers after the note was written.
    for (const [status, reason] of [
      ['under_review', 'Cadastro conferido'],
      ['pending_correction', 'Envie o extrato bancário'],
    ]) {
      const res = await as.operador.post(`/api/v3/backoffice/proposals/${ids.first}/status`, { status, reason });
      expect(res.statusCode, res.body).toBe(200);
    }
    const p = `/api/v3/proposals/${ids.first}`;
    for (const client of [as.comprador, as.compradora, as.vendedor]) {
      for (const url of [p, `${p}/history`, `${p}/documents`, `${p}/sections`, `${p}/progress`, '/api/v3/proposals']) {
        const res = await client.get(url);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.body).not.toContain('ZEBRA');
      }
    }
    const mails = await w.t.db.kysely.selectFrom('outbox').select(['text_body', 'html_body', 'subject']).execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((m) => JSON.stringify(m).includes('ZEBRA'))).toEqual([]);

    const zip = await as.operador.get(`/api/v3/backoffice/proposals/${ids.first}/dossier`);
    expect(zip.statusCode).toBe(200);
    const files = await unzipNames(zip.rawPayload);
    const summary = `resumo-${DEMO_PROPOSALS.twoBuyers}.pdf`;
    expect(files.has(summary)).toBe(true);
    for (const [name, content] of files) {
      const text = name.endsWith('.pdf')
        ? execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8')
        : content.toString('utf8');
      // The summary's text is read (so the check can fail): it names the proposal.
      if (name === summary) expect(text).toContain(DEMO_PROPOSALS.twoBuyers);
      expect([name, text.includes('ZEBRA')]).toEqual([name, false]);
    }
  });
});
