import { beforeAll, describe, expect, it } from 'vitest';
import type { ProposalOwner, QueuePage } from '@portal/domain/backoffice-queue';
import type { ProposalListPage } from '@portal/domain/backoffice';
import { DATABASES } from './helpers';
import { asUser, demoSuite } from './helpers/demo';
import type { Client } from './helpers/client';
import { uploadDocument } from './helpers/documents';
import { newProposal } from './helpers/backoffice';
import { makePdf } from './document-files';
import { hashPassword } from '../src/modules/auth/password';
import { refreshQueueWaits } from '../src/modules/proposals/queue-waits';
import { moveProposal } from '../src/modules/proposals/lifecycle';

const DAY = 86_400_000;

/** "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md). */
describe.each(DATABASES)('back office: the queue and the responsible on %s', (dialect) => {
  const { t, as, ids, userIds } = demoSuite(dialect);
  const db = () => t.db.kysely;
  let segunda: { id: string; client: Client };

  const queue = async (query = '', who: Client = as.operador) => {
    const res = await who.get(`/api/v3/backoffice/queue${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as QueuePage;
  };
  const rowOf = async (id: string, query = '') => (await queue(`limit=100&${query}`)).data.find((r) => r.id === id);
  const setOwner = (proposal: string, operatorId: string, who: Client = as.operador) =>
    who.put(`/api/v3/backoffice/proposals/${proposal}/owner`, { operatorId });
  const audit = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();

  beforeAll(async () => {
    // A second operator with a password (active), to hand proposals to.
    const id = crypto.randomUUID();
    await db()
      .insertInto('users')
      .values({
        id,
        role: 'operator',
        name: 'Segunda Operadora',
        email: `segunda.${dialect}@equipe.com.br`,
        cpf: null,
        password_hash: await hashPassword('Demo@2026!'),
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    segunda = { id, client: await asUser(t, { email: `segunda.${dialect}@equipe.com.br`, role: 'operator' }) };
  });

  it('shows a document just sent, waiting since it was sent (0 days), until it is reviewed', async () => {
    expect(await rowOf(ids.twoBuyers)).toBeUndefined();
    const before = (await queue()).counts.documents_sent;
    const sent = await uploadDocument(as.comprador, ids.twoBuyers, 'occupation_declaration_1', {
      name: 'declaracao.pdf',
      content: makePdf(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const file = await db()
      .selectFrom('document_files')
      .select(['id', 'uploaded_at'])
      .where('proposal_id', '=', ids.twoBuyers)
      .executeTakeFirstOrThrow();
    const row = await rowOf(ids.twoBuyers);
    expect(row).toMatchObject({ reason: 'documents_sent', reasons: ['documents_sent'], waitingDays: 0 });
    expect(row!.waitingSince).toBe(new Date(Number(file.uploaded_at)).toISOString());
    expect((await queue()).counts.documents_sent).toBe(before + 1);

    // A second document later does not move the start: the oldest one still waits.
    await uploadDocument(as.comprador, ids.twoBuyers, 'occupation_declaration_1', {
      name: 'b.pdf',
      content: makePdf(),
    });
    expect((await rowOf(ids.twoBuyers))!.waitingSince).toBe(row!.waitingSince);

    const files = await db()
      .selectFrom('document_files')
      .select('id')
      .where('proposal_id', '=', ids.twoBuyers)
      .execute();
    for (const f of files) {
      const reviewed = await as.operador.post(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${f.id}/review`, {
        decision: 'accept',
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
    }
    expect(await rowOf(ids.twoBuyers)).toBeUndefined();
    expect((await queue()).counts.documents_sent).toBe(before);
  });

  it('keeps the moment a status began: under review, then a correction answered', async () => {
    const cgi = await rowOf(ids.underReview);
    expect(cgi).toMatchObject({ reason: 'under_review', status: 'under_review' });
    const stored = await db()
      .selectFrom('proposal_waits')
      .select('since')
      .where('proposal_id', '=', ids.underReview)
      .where('reason', '=', 'under_review')
      .executeTakeFirstOrThrow();
    expect(cgi!.waitingSince).toBe(new Date(Number(stored.since)).toISOString());

    const asked = await as.operador.post(`/api/v3/backoffice/proposals/${ids.underReview}/status`, {
      status: 'pending_correction',
      reason: 'Falta o comprovante de renda',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await rowOf(ids.underReview)).toBeUndefined();

    const answeredAt = Date.now();
    // A status move as the core makes it (unit-of-work.ts): the move, then the queue's waits.
    await db()
      .transaction()
      .execute(async (tx) => {
        await moveProposal(tx, {
          proposalId: ids.underReview,
          from: 'pending_correction',
          to: 'correction_answered',
          actorId: userIds.comprador,
          reason: 'Correção respondida.',
          action: 'proposal.correction_answered',
          ip: null,
        });
        await refreshQueueWaits(tx, ids.underReview);
      });
    const answered = await rowOf(ids.underReview);
    expect(answered).toMatchObject({ reason: 'correction_answered', waitingDays: 0 });
    expect(Date.parse(answered!.waitingSince)).toBeGreaterThanOrEqual(answeredAt);
    // Reading the queue again (or refreshing the proposal) keeps the stored start.
    await refreshQueueWaits(db(), ids.underReview, { now: Date.now() + 3 * DAY });
    expect((await rowOf(ids.underReview))!.waitingSince).toBe(answered!.waitingSince);
  });

  it('builds the waits of proposals that existed before the queue from their state (the upgrade)', async () => {
    // As at the migration: no rows yet; a status's start is the history's last move to it.
    const last = await db()
      .selectFrom('proposal_history')
      .select('at')
      .where('proposal_id', '=', ids.underReview)
      .where('kind', '=', 'status')
      .where('to_value', '=', 'correction_answered')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    const kept = (await rowOf(ids.underReview))!.waitingSince;
    await db().deleteFrom('proposal_waits').where('proposal_id', '=', ids.underReview).execute();
    await db()
      .updateTable('proposals')
      .set({ waiting_since: null, waiting_reason: null })
      .where('id', '=', ids.underReview)
      .execute();
    expect(await rowOf(ids.underReview)).toBeUndefined();
    await refreshQueueWaits(db(), ids.underReview, { backfill: true });
    const row = await rowOf(ids.underReview);
    expect(row).toMatchObject({ reason: 'correction_answered' });
    expect(row!.waitingSince).toBe(new Date(Number(last.at)).toISOString());
    // The moment the change stored, and the history's, are those of the same transaction.
    expect(Math.abs(Date.parse(row!.waitingSince) - Date.parse(kept))).toBeLessThan(1000);
  });

  it('lists an invitation not accepted after the set days, from the day it became late', async () => {
    const created = await as.operador.post('/api/v3/backoffice/proposals', newProposal());
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: string };
    // Just invited: not late yet.
    expect(await rowOf(id)).toBeUndefined();
    const invitedAt = Date.now() - 8 * DAY;
    await db().updateTable('proposal_members').set({ created_at: invitedAt }).where('proposal_id', '=', id).execute();
    await refreshQueueWaits(db(), id);
    const row = await rowOf(id);
    expect(row).toMatchObject({ reason: 'invitation_pending' });
    // Late since the fifth day after the invitation (QUEUE_INVITATION_DAYS, default 5).
    expect(row!.waitingSince).toBe(new Date(invitedAt + 5 * DAY).toISOString());
    expect(row!.waitingDays).toBeGreaterThanOrEqual(2);
    expect(row!.waitingDays).toBeLessThanOrEqual(4);
  });

  it('lists an accepted document some days before its validity ends', async () => {
    const sent = await uploadDocument(as.comprador, ids.started, 'proof_of_address_buyer1', {
      name: 'conta.pdf',
      content: makePdf(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const file = await db()
      .selectFrom('document_files')
      .select('id')
      .where('proposal_id', '=', ids.started)
      .executeTakeFirstOrThrow();
    const ok = await as.operador.post(`/api/v3/proposals/${ids.started}/documents/files/${file.id}/review`, {
      decision: 'accept',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Valid 90 days: not yet about to expire.
    expect(await rowOf(ids.started)).toBeUndefined();
    const uploadedAt = Date.now() - 85 * DAY;
    await db().updateTable('document_files').set({ uploaded_at: uploadedAt }).where('id', '=', file.id).execute();
    await refreshQueueWaits(db(), ids.started);
    const row = await rowOf(ids.started);
    expect(row).toMatchObject({ reason: 'document_expiring' });
    expect(row!.waitingSince).toBe(new Date(uploadedAt + 80 * DAY).toISOString());
    // Sent today but issued 85 days ago: the validity counts from the issue date.
    const issuedOn = new Date(Date.now() - 85 * DAY - 3 * 3_600_000).toISOString().slice(0, 10);
    await db()
      .updateTable('document_files')
      .set({ uploaded_at: Date.now(), issued_on: issuedOn })
      .where('id', '=', file.id)
      .execute();
    await refreshQueueWaits(db(), ids.started);
    expect((await rowOf(ids.started))!.waitingSince).toBe(
      new Date(Date.parse(`${issuedOn}T00:00:00-03:00`) + 80 * DAY).toISOString(),
    );
  });

  it('pages oldest first with keyset cursors, both ways, and counts each reason', async () => {
    const all = await queue('limit=100');
    const sinces = all.data.map((r) => Date.parse(r.waitingSince));
    expect(sinces).toEqual([...sinces].sort((a, b) => a - b));
    expect(all.data.length).toBeGreaterThanOrEqual(3);
    expect(all.page.total).toBe(all.data.length);
    const perReason = Object.values(all.counts).reduce((s, n) => s + n, 0);
    expect(perReason).toBeGreaterThanOrEqual(all.data.length);
    for (const r of all.data) expect(all.counts[r.reason]).toBeGreaterThan(0);

    // More proposals waiting, so that pages of 5 hold several pages.
    const now = Date.now();
    for (let i = 0; i < 7; i++) {
      const created = await as.operador.post('/api/v3/backoffice/proposals', newProposal());
      const { id } = created.json().data as { id: string };
      await db()
        .updateTable('proposal_members')
        .set({ created_at: now - (20 + i) * DAY })
        .where('proposal_id', '=', id)
        .execute();
      await refreshQueueWaits(db(), id);
    }
    const everything = (await queue('limit=100')).data.map((r) => r.id);
    const first = await queue('limit=5');
    expect(first.data.map((r) => r.id)).toEqual(everything.slice(0, 5));
    expect(first.page.prev).toBeNull();
    const second = await queue(`limit=5&cursor=${first.page.next}`);
    expect(second.data.map((r) => r.id)).toEqual(everything.slice(5, 10));
    const back = await queue(`limit=5&cursor=${second.page.prev}`);
    expect(back.data.map((r) => r.id)).toEqual(everything.slice(0, 5));
    expect(back.page.prev).toBeNull();
  });

  it('"Assumir" makes the operator responsible: audited, in the queue, the list and the filters', async () => {
    const taken = await setOwner(ids.underReview, userIds.operador);
    expect(taken.statusCode, taken.body).toBe(200);
    const owner = (await as.operador.get(`/api/v3/backoffice/proposals/${ids.underReview}/owner`)).json()
      .data as ProposalOwner;
    expect(owner.responsible).toEqual({ id: userIds.operador, name: expect.any(String) });
    expect(owner.since).not.toBeNull();
    expect((await audit('proposal.owner_taken')).at(-1)).toMatchObject({
      actor_id: userIds.operador,
      subject: `proposal:${ids.underReview}`,
    });

    const mine = await queue('responsible=me');
    expect(mine.data.map((r) => r.id)).toEqual([ids.underReview]);
    expect(mine.data[0]!.responsible).toEqual(owner.responsible);
    expect(mine.counts).toMatchObject({ correction_answered: 1, documents_sent: 0, invitation_pending: 0 });
    const nobody = await queue('responsible=none&limit=100');
    expect(nobody.data.map((r) => r.id)).not.toContain(ids.underReview);
    expect(nobody.data.every((r) => r.responsible === null)).toBe(true);
    const everyone = await queue('limit=100');
    expect(everyone.page.total).toBe(nobody.page.total + 1);
    // Another operator's "me" is their own.
    expect((await queue('responsible=me', segunda.client)).data).toEqual([]);

    // "Minhas propostas": the list filtered to the caller's.
    const res = await as.operador.get('/api/v3/backoffice/proposals?responsible=me');
    const list = res.json() as ProposalListPage;
    expect(list.data.map((p) => p.id)).toEqual([ids.underReview]);
    expect(list.data[0]!.responsible).toEqual(owner.responsible);
  });

  it('"Passar para…" hands it to another active operator, who is e-mailed; bad targets change nothing', async () => {
    const handed = await setOwner(ids.underReview, segunda.id);
    expect(handed.statusCode, handed.body).toBe(200);
    const mail = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', `segunda.${dialect}@equipe.com.br`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.kind).toBe('proposal_handover');
    expect(mail[0]!.subject).toContain('CGI-2026-001293');
    expect(mail[0]!.text_body).toContain(`/backoffice/proposals/${ids.underReview}`);
    expect((await audit('proposal.owner_handed_over')).at(-1)).toMatchObject({
      actor_id: userIds.operador,
      detail: `${userIds.operador} → ${segunda.id}`,
    });
    expect((await queue('responsible=me')).data).toEqual([]);
    expect((await queue('responsible=me', segunda.client)).data.map((r) => r.id)).toEqual([ids.underReview]);

    // An operator who never set a password, a buyer, nobody: 400 with a message, nothing changed.
    const invited = await as.operador.post('/api/v3/operators', {
      name: 'Operador Convidado',
      email: `convidado.${dialect}@equipe.com.br`,
      canViewHealth: false,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    for (const target of [(invited.json().data as { id: string }).id, userIds.comprador, 'ninguem']) {
      const refused = await setOwner(ids.underReview, target);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Escolha um operador ativo da equipe.');
    }
    const after = (await as.operador.get(`/api/v3/backoffice/proposals/${ids.underReview}/owner`)).json()
      .data as ProposalOwner;
    expect(after.responsible?.id).toBe(segunda.id);
  });

  it('refuses buyers, sellers and strangers: 403 for the role, 404 for an unknown proposal', async () => {
    for (const who of [as.comprador, as.vendedor, as.outro]) {
      expect((await who.get('/api/v3/backoffice/queue')).statusCode).toBe(403);
      expect((await who.get(`/api/v3/backoffice/proposals/${ids.twoBuyers}/owner`)).statusCode).toBe(403);
      expect((await setOwner(ids.twoBuyers, userIds.operador, who)).statusCode).toBe(403);
    }
    const unknown = crypto.randomUUID();
    expect((await as.operador.get(`/api/v3/backoffice/proposals/${unknown}/owner`)).statusCode).toBe(404);
    expect((await setOwner(unknown, userIds.operador)).statusCode).toBe(404);
    const bad = await as.operador.get('/api/v3/backoffice/queue?responsible=alguem');
    expect(bad.statusCode).toBe(400);
  });

  it('never shows the responsible to the buyers or the seller', async () => {
    for (const who of [as.comprador, as.vendedor]) {
      for (const url of ['/api/v3/proposals', `/api/v3/proposals/${ids.underReview}`]) {
        const body = (await who.get(url)).body;
        expect(body).not.toContain('Segunda Operadora');
        expect(body).not.toMatch(/responsible|owner_id|waiting/i);
      }
    }
  });
});
