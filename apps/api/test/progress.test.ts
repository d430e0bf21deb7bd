import { describe, expect, it } from 'vitest';
import { progressViewSchema, type ProgressView } from '@portal/domain/progress-view';
import {
  createUser,
  DATABASES,
  demoSuite,
  insertConfirmedHealth,
  insertDocumentFile,
  insertSellers,
  insertDoneSection,
  proposalUrl,
  type Client,
  type DemoProposal,
} from './helpers';

describe.each(DATABASES)('proposal progress on %s', (dialect) => {
  const { t, as, anonymous, ids, userIds } = demoSuite(dialect);

  const progress = async (proposal: DemoProposal, who: Client) => {
    const res = await who.get(proposalUrl(ids[proposal], '/progress'));
    return { status: res.statusCode, body: res.json() as { data: ProgressView } };
  };
  const send = (proposal: DemoProposal, who: Client) => who.post(proposalUrl(ids[proposal], '/send-for-analysis'));
  const statusOf = async (proposal: DemoProposal) =>
    (
      await t.db.kysely
        .selectFrom('proposals')
        .select(['status', 'filling_status'])
        .where('id', '=', ids[proposal])
        .executeTakeFirstOrThrow()
    ).status;

  it('gives buyers and operators every step, one count, and each buyer their own next step', async () => {
    const main = await progress('twoBuyers', as.comprador);
    expect(main.status).toBe(200);
    const view = progressViewSchema.strict().parse(main.body.data);
    expect(view.done).toBe(view.steps.filter((s) => s.state === 'done').length);
    expect(view.total).toBe(view.steps.length);
    expect(view.buyer!.total + view.seller.total).toBe(view.total);
    expect(view.percent).toBe(Math.round((view.done / view.total) * 100));
    // The main buyer's own sections are done: next is the proposal-wide investment.
    expect(view.next).toMatchObject({ id: 'section:investment:-', path: '/buyer/investment' });
    const second = (await progress('twoBuyers', as.compradora)).body.data;
    expect(second.next).toMatchObject({ id: 'section:data:1', path: '/buyer/data?buyer=2' });
    const operator = (await progress('twoBuyers', as.operador)).body.data;
    expect(operator).toMatchObject({ done: view.done, total: view.total, percent: view.percent, next: null });
    // The stored percentage (the back office list's) is the same number.
    const proposal = await as.comprador.get(proposalUrl(ids.twoBuyers));
    expect(proposal.json().data.fillingStatus).toBe(view.percent);
  });

  it('gives the seller the seller steps only, nothing of the buyers', async () => {
    const { status, body } = await progress('twoBuyers', as.vendedor);
    expect(status).toBe(200);
    const view = body.data;
    expect(view.buyer).toBeNull();
    expect(view.steps.every((s) => s.party === 'seller')).toBe(true);
    expect({ done: view.done, total: view.total }).toEqual({ done: view.seller.done, total: view.seller.total });
    expect(view.steps.at(-1)).toMatchObject({ id: 'complete', title: 'Concluir a sua parte' });
    expect(view.next?.path).toBe(`/seller/proposals/${ids.twoBuyers}/general-data`);
    expect(JSON.stringify(view)).not.toContain('Carlos');
  });

  it('answers 404 to anyone not on the proposal and 401 without a session', async () => {
    expect((await progress('twoBuyers', as.outro)).status).toBe(404);
    expect((await progress('started', as.vendedor)).status).toBe(404);
    const res = await as.operador.get(proposalUrl('nope', '/progress'));
    expect(res.statusCode).toBe(404);
    expect((await progress('started', anonymous)).status).toBe(401);
    expect((await send('twoBuyers', as.outro)).statusCode).toBe(404);
    expect((await send('twoBuyers', as.vendedor)).statusCode).toBe(403);
    expect((await send('twoBuyers', as.operador)).statusCode).toBe(403);
  });

  it('lets only the main buyer send', async () => {
    const res = await send('twoBuyers', as.compradora);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Só o comprador principal envia a proposta para análise.');
    expect(await statusOf('twoBuyers')).toBe('filling');
  });

  it('refuses to send while a buyer step is missing, naming the steps, and sends once all are done', async () => {
    const refused = await send('started', as.comprador);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Antes de enviar, conclua: Dados gerais; Endereço; /);
    expect(refused.json().error.fields).toMatchObject({ 'section:data:0': 'A fazer', 'health:0': 'A fazer' });
    expect(await statusOf('started')).toBe('filling');

    // Every buyer section done (no FGTS used), the health declaration confirmed.
    const db = t.db.kysely;
    const id = ids.started;
    const buyer = await db
      .selectFrom('proposal_members')
      .select(['user_id'])
      .where('proposal_id', '=', id)
      .where('role', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await db.deleteFrom('proposal_sections').where('proposal_id', '=', id).execute();
    for (const [section, position] of [
      ['data', 0],
      ['address', 0],
      ['document', 0],
      ['investment', -1],
      ['seller', -1],
      ['fgts_questions', 0],
    ] as const)
      await insertDoneSection(db, { proposalId: id, section, buyer: position, userId: buyer.user_id!, now });
    await insertConfirmedHealth(db, { proposalId: id, userId: buyer.user_id!, now });
    const waiting = (await progress('started', as.comprador)).body.data;
    expect(waiting.next).toMatchObject({ id: 'documents:buyer', path: '/buyer/documents/upload' });
    const noDocuments = await send('started', as.comprador);
    expect(noDocuments.statusCode).toBe(409);
    expect(noDocuments.json().error.message).toBe('Antes de enviar, conclua: Envio de documentos.');

    for (const item of ['occupation_declaration_1', 'income_tax_buyer1', 'proof_of_address_buyer1'])
      await insertDocumentFile(db, { proposalId: id, item, status: 'sent', userId: buyer.user_id!, now });
    const ready = (await progress('started', as.comprador)).body.data;
    expect(ready.next).toMatchObject({ id: 'send', title: 'Enviar para análise' });
    // The five FGTS forms count from the start; the answer "Não" made them "não se aplica".
    expect(ready.buyer).toEqual({ done: 13, total: 14, percent: 93 });
    expect(ready.steps.filter((s: { skipped?: boolean }) => s.skipped)).toHaveLength(5);

    // Two sellers on it who have not started: one with a password, one invited who never joined.
    const newcomer = await createUser(t, { role: 'seller', name: 'Caio Nogueira Prado' });
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', newcomer.id).execute();
    await insertSellers(
      db,
      id,
      [{ id: userIds.vendedor, name: 'Roberto Lima Ferreira', email: 'vendedor@demo.com.br' }, newcomer],
      now,
    );

    // The seller has not finished: the buyers' part is sent and the proposal waits for the seller,
    // whose part stays open.
    const sent = await send('started', as.comprador);
    expect(sent.statusCode).toBe(200);
    const after = progressViewSchema.parse(sent.json().data);
    expect(after.buyer).toEqual({ done: 14, total: 14, percent: 100 });
    expect(after.next).toBeNull();
    expect(await statusOf('started')).toBe('awaiting_seller');
    const history = await db
      .selectFrom('proposal_history')
      .selectAll()
      .where('proposal_id', '=', id)
      .where('kind', '=', 'status')
      .execute();
    expect(history.map((h) => [h.from_value, h.to_value, h.reason])).toEqual([
      ['filling', 'awaiting_seller', 'Parte dos compradores enviada; a proposta aguarda a parte do vendedor.'],
    ]);
    const stored = await db.selectFrom('proposals').select('filling_status').where('id', '=', id).executeTakeFirst();
    expect(stored?.filling_status).toBe(after.percent);

    // Each seller is told the buyers have finished, with the link straight to their part: the
    // step itself for a seller with a password, a new invitation (landing) for one who never joined.
    const mailTo = (to: string) =>
      db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', 'seller_awaited').execute();
    const [told] = await mailTo('vendedor@demo.com.br');
    const code = (await db.selectFrom('proposals').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
    expect(told!.subject).toBe(`Proposta ${code}: os compradores concluíram, falta a sua parte`);
    expect(told!.text_body).toContain('Olá, Roberto.');
    expect(told!.text_body).toContain(
      `Os compradores da proposta ${code} concluíram a parte deles. A proposta segue para a análise da equipe`,
    );
    expect(told!.text_body).toContain(`http://localhost:3000/seller/proposals/${id}/general-data`);
    const [invited] = await mailTo(newcomer.email);
    expect(invited!.text_body).toContain('Olá, Caio.');
    const token = /\/auth\/convite\?token=([\w-]+)/.exec(invited!.text_body)?.[1];
    const landing = await anonymous.get(`/api/v3/auth/invitation?token=${token}`);
    expect(landing.json().data).toMatchObject({ state: 'open', role: 'seller', proposal: { id, code } });
    // Only the sellers get it: the buyers are not e-mailed about their own send.
    expect(await mailTo('comprador@demo.com.br')).toHaveLength(0);

    const again = await send('started', as.comprador);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta proposta já foi enviada para análise.');
  });
});
