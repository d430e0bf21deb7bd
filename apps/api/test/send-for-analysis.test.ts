import { describe, expect, it } from 'vitest';
import {
  createUser,
  DATABASES,
  demoSuite,
  everyStepDone,
  insertSellers,
  newFinancingProposal,
  proposalUrl,
  type Client,
  type ProgressStep,
} from './helpers';

// The main buyer sends the buyers' part (docs/decisions/042-one-lifecycle.md): what the route
// answers and writes in each case — the refusals (403, 404, 409 with their Portuguese messages and
// fields) write nothing; a send moves the status (history and audit rows), stores the percentage
// without touching `updated_at` again, refreshes the queue's waits and e-mails the sellers when the
// proposal now waits for them. Written before `send-for-analysis.ts` moved the send onto the
// proposal core (docs/decisions/059-the-proposal-core.md), and kept green after.

describe.each(DATABASES)('sending for analysis on %s', (dialect) => {
  const { t, as, ids, userIds } = demoSuite(dialect);

  const done = (proposalId: string, except?: (step: ProgressStep) => boolean) =>
    everyStepDone(t.db.kysely, { operator: as.operador, userId: userIds.comprador, proposalId, except });

  /** What a request may change: the proposal's row, its history and waits, audit, outbox, tokens. */
  async function state(proposalId: string) {
    const db = t.db.kysely;
    const [proposal, history, audit, outbox, tokens, waits] = await Promise.all([
      db.selectFrom('proposals').selectAll().where('id', '=', proposalId).executeTakeFirstOrThrow(),
      db.selectFrom('proposal_history').selectAll().execute(),
      db.selectFrom('audit_log').selectAll().execute(),
      db.selectFrom('outbox').selectAll().execute(),
      db.selectFrom('password_tokens').selectAll().execute(),
      db.selectFrom('proposal_waits').selectAll().where('proposal_id', '=', proposalId).orderBy('reason').execute(),
    ]);
    return { proposal, history, audit, outbox, tokens, waits };
  }

  /** The request's answer and what it wrote, without ids, clocks and tokens. */
  async function recorded(proposalId: string, send: () => ReturnType<Client['post']>) {
    const before = await state(proposalId);
    const res = await send();
    const after = await state(proposalId);
    return recordOf(proposalId, res, before, after);
  }

  function recordOf(
    proposalId: string,
    res: Awaited<ReturnType<Client['post']>>,
    before: Awaited<ReturnType<typeof state>>,
    after: Awaited<ReturnType<typeof state>>,
  ) {
    const added = <R extends { id: string }>(rows: (s: typeof after) => R[]) =>
      rows(after).filter((r) => !rows(before).some((b) => b.id === r.id));
    const names = Object.fromEntries(Object.entries(userIds).map(([name, id]) => [id, name]));
    const who = (id: string | null) => (id === null ? null : (names[id] ?? 'someone'));
    const masked = (text: string) => text.replaceAll(proposalId, ':id').replace(/token=[\w-]+/g, 'token=…');
    const changed = Object.fromEntries(
      Object.entries(after.proposal)
        .filter(([key, value]) => before.proposal[key as keyof typeof before.proposal] !== value)
        .map(([key, value]) => [key, key.endsWith('_at') || key.endsWith('_since') ? 'moved' : value]),
    );
    return {
      status: res.statusCode,
      body: JSON.parse(masked(res.body)) as Record<string, unknown>,
      proposal: changed,
      history: added((s) => s.history).map((h) => ({
        proposal: h.proposal_id === proposalId,
        actor: who(h.actor_id),
        kind: h.kind,
        from: h.from_value,
        to: h.to_value,
        reason: h.reason,
        audience: h.audience,
        section: h.section,
      })),
      audit: added((s) => s.audit).map((a) => ({
        actor: who(a.actor_id),
        action: a.action,
        subject: a.subject && masked(a.subject),
        ip: a.ip,
        detail: a.detail,
      })),
      mails: added((s) => s.outbox).map((m) => ({
        to: m.to_address,
        kind: m.kind,
        subject: m.subject,
        text: masked(m.text_body),
      })),
      tokens: added((s) => s.tokens).map((k) => ({
        user: k.user_id === userIds.vendedor ? 'vendedor' : 'newcomer',
        purpose: k.purpose,
        proposal: k.proposal_id === proposalId,
        invitedBy: who(k.invited_by),
      })),
      waits: after.waits.map((w) => ({
        reason: w.reason,
        owner: who(w.owner_id),
        since: before.waits.find((b) => b.reason === w.reason)?.since === w.since ? 'kept' : 'set',
      })),
      waitsEnded: before.waits.filter((b) => !after.waits.some((w) => w.reason === b.reason)).map((b) => b.reason),
    };
  }

  const send = (proposalId: string, who: Client) => () => who.post(proposalUrl(proposalId, '/send-for-analysis'));
  const nothingWritten = { proposal: {}, history: [], audit: [], mails: [], tokens: [] };
  /** The main buyer's progress as GET …/progress gives it now (the proposal's id masked as in `recorded`). */
  const progressNow = async (proposalId: string) =>
    JSON.parse((await as.comprador.get(proposalUrl(proposalId, '/progress'))).body.replaceAll(proposalId, ':id'));
  /** The answer is the progress as it now stands, and the stored percentage is its percentage. */
  const answersTheProgress = async (proposalId: string, body: Record<string, unknown>) => {
    const now = await progressNow(proposalId);
    expect(body).toEqual(now);
    expect((await state(proposalId)).proposal.filling_status).toBe(now.data.percent);
  };

  it('refuses a stranger (404), anyone but the main buyer (403), writing nothing', async () => {
    const stranger = await recorded(ids.twoBuyers, send(ids.twoBuyers, as.outro));
    expect(stranger).toMatchObject({ status: 404, ...nothingWritten });
    expect(stranger.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const second = await recorded(ids.twoBuyers, send(ids.twoBuyers, as.compradora));
    expect(second).toMatchObject({ status: 403, ...nothingWritten });
    expect(second.body).toEqual({
      error: { code: 'forbidden', message: 'Só o comprador principal envia a proposta para análise.' },
    });
    for (const who of [as.vendedor, as.operador])
      expect(await recorded(ids.twoBuyers, send(ids.twoBuyers, who))).toMatchObject({ status: 403, ...nothingWritten });
    const missing = await recorded(ids.twoBuyers, send('nope', as.comprador));
    expect(missing).toMatchObject({ status: 404, ...nothingWritten });
  });

  it('refuses an incomplete part (409, the steps missing as fields), writing nothing', async () => {
    const refused = await recorded(ids.started, send(ids.started, as.comprador));
    expect(refused).toMatchObject({ status: 409, ...nothingWritten });
    const error = (refused.body as { error: { code: string; message: string; fields: Record<string, string> } }).error;
    expect(error.code).toBe('steps_missing');
    expect(error.message).toMatch(/^Antes de enviar, conclua: Dados gerais; Endereço; /);
    expect(error.fields).toMatchObject({ 'section:data:0': 'A fazer', 'health:0': 'A fazer' });
    expect(Object.values(error.fields).every((v) => v === 'A fazer')).toBe(true);
  });

  it('sends a complete proposal to the team, then refuses a second send (409)', async () => {
    const id = await newFinancingProposal(as.operador);
    await done(id, () => false);
    const sent = await recorded(id, send(id, as.comprador));
    expect(sent).toMatchObject({
      status: 200,
      proposal: { status: 'under_review', updated_at: 'moved', waiting_reason: 'under_review' },
      waits: expect.arrayContaining([{ reason: 'under_review', owner: null, since: 'set' }]),
      history: [
        {
          proposal: true,
          actor: 'comprador',
          kind: 'status',
          from: 'filling',
          to: 'under_review',
          reason: 'Enviada para análise pelo comprador.',
          audience: 'buyer,seller',
          section: null,
        },
      ],
      audit: [
        {
          actor: 'comprador',
          action: 'proposal.sent_for_analysis',
          subject: 'proposal::id',
          ip: '127.0.0.1',
          detail: 'filling → under_review',
        },
      ],
      mails: [],
      tokens: [],
    });
    const body = sent.body as { data: { percent: number; next: unknown; buyer: unknown } };
    expect(body.data).toMatchObject({ next: null, buyer: { percent: 100 } });
    await answersTheProgress(id, sent.body);

    const again = await recorded(id, send(id, as.comprador));
    expect(again).toMatchObject({ status: 409, ...nothingWritten });
    expect(again.body).toEqual({
      error: { code: 'already_sent', message: 'Esta proposta já foi enviada para análise.' },
    });
  });
  it("sends the buyers' part while the seller's is open: the proposal waits, each seller is e-mailed", async () => {
    const id = ids.started;
    const db = t.db.kysely;
    await done(id, (s) => s.party === 'seller');
    // Two sellers who have not started: one with a password, one invited who never joined.
    const newcomer = await createUser(t, { role: 'seller', name: 'Caio Nogueira Prado' });
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', newcomer.id).execute();
    const now = Date.now();
    await insertSellers(
      db,
      id,
      [{ id: userIds.vendedor, name: 'Roberto Lima Ferreira', email: 'vendedor@demo.com.br' }, newcomer],
      now,
    );

    const sent = await recorded(id, send(id, as.comprador));
    const code = (await state(id)).proposal.code;
    expect(sent).toMatchObject({
      status: 200,
      proposal: { status: 'awaiting_seller', updated_at: 'moved', waiting_reason: 'invitation_pending' },
      waits: expect.arrayContaining([{ reason: 'invitation_pending', owner: null, since: 'set' }]),
      history: [
        {
          actor: 'comprador',
          kind: 'status',
          from: 'filling',
          to: 'awaiting_seller',
          reason: 'Parte dos compradores enviada; a proposta aguarda a parte do vendedor.',
        },
      ],
      audit: [{ actor: 'comprador', action: 'proposal.sent_for_analysis', detail: 'filling → awaiting_seller' }],
      tokens: [{ user: 'newcomer', purpose: 'invite', proposal: true, invitedBy: 'comprador' }],
    });
    expect(sent.mails.map((m) => [m.to, m.kind, m.subject])).toEqual([
      ['vendedor@demo.com.br', 'seller_awaited', `Proposta ${code}: os compradores concluíram, falta a sua parte`],
      [newcomer.email, 'seller_awaited', `Proposta ${code}: os compradores concluíram, falta a sua parte`],
    ]);
    expect(sent.mails[0]!.text).toContain('Olá, Roberto.');
    expect(sent.mails[0]!.text).toContain('http://localhost:3000/seller/proposals/:id/general-data');
    expect(sent.mails[1]!.text).toContain('Olá, Caio.');
    expect(sent.mails[1]!.text).toContain('/auth/convite?token=…');
    const body = sent.body as { data: { next: unknown; buyer: unknown } };
    expect(body.data).toMatchObject({ next: null, buyer: { percent: 100 } });
    await answersTheProgress(id, sent.body);

    const again = await recorded(id, send(id, as.comprador));
    expect(again).toMatchObject({ status: 409, ...nothingWritten });
    expect((again.body as { error: { code: string } }).error.code).toBe('already_sent');
  });

  it('after a correction: refused while the seller\'s part is open (409), then "Correção respondida"', async () => {
    const id = await newFinancingProposal(as.operador);
    const db = t.db.kysely;
    await done(id, (s) => s.kind === 'complete');
    await db.updateTable('proposals').set({ status: 'pending_correction' }).where('id', '=', id).execute();
    const waiting = await recorded(id, send(id, as.comprador));
    expect(waiting).toMatchObject({ status: 409, ...nothingWritten });
    expect((waiting.body as { error: { code: string } }).error.code).toBe('seller_correction');

    await done(id, () => false);
    const sent = await recorded(id, send(id, as.comprador));
    expect(sent).toMatchObject({
      status: 200,
      proposal: { status: 'correction_answered', updated_at: 'moved', waiting_reason: 'correction_answered' },
      waits: expect.arrayContaining([{ reason: 'correction_answered', owner: null, since: 'set' }]),
      history: [
        {
          actor: 'comprador',
          kind: 'status',
          from: 'pending_correction',
          to: 'correction_answered',
          reason: 'Correção respondida e reenviada pelo comprador.',
        },
      ],
      audit: [
        {
          actor: 'comprador',
          action: 'proposal.sent_for_analysis',
          detail: 'pending_correction → correction_answered',
        },
      ],
      mails: [],
      tokens: [],
    });
    await answersTheProgress(id, sent.body);
  });
});
