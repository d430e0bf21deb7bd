import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, afterQuietHours } from '@portal/domain/reminders';
import {
  DATABASES,
  clientFor,
  insertConfirmedHealth,
  insertDocumentFile,
  insertDoneSection,
  sessionSetCookie,
} from './helpers';
import { newProposal, useBackofficeWorld } from './helpers/backoffice';
import { runReminderSweep } from '../src/modules/reminders/reminder-sweep';
import { REMINDER_LINK_INVALID } from '../src/modules/reminders/reminders.service';

/**
 * Reminders to a stalled buyer or seller (docs/decisions/049-reminders-and-metrics.md), with an
 * injected clock: the sweep is called with the instant it runs at, so days pass in a few calls.
 * Every person's activity is real (the invitation accepted, a login), made at the test's own time.
 */
const H = 3_600_000;
/**
 * São Paulo's wall clock, `days` after the day of `from` there, at `hour`:`minute`. São Paulo keeps
 * UTC−3 all year (no daylight saving since 2019), so 10:00 there is 13:00 UTC.
 */
const sp = (from: number, days: number, hour: number, minute = 0) => {
  const local = new Date(from - 3 * H);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour + 3, minute);
};
const tokenIn = (text: string, path: string) => {
  const m = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1]!;
};

describe.each(DATABASES)('reminders on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, create, outbox } = w;
  const sweep = (now: number) =>
    runReminderSweep({
      db: w.t.db.kysely,
      now,
      settings: DEFAULT_REMINDER_SETTINGS,
      publicUrl: 'http://localhost:3000',
    });
  const reminders = async (email: string) => (await outbox(email)).filter((m) => m.kind === 'reminder');

  /** The operator opens a proposal; its buyer accepts the invitation (activity) and is signed in. */
  async function joinedBuyer() {
    const input = newProposal();
    const created = await create(input);
    const buyer = input.buyers[0]!;
    const invite = (await outbox(buyer.email))[0]!;
    const token = tokenIn(invite.text_body, '/auth/convite');
    const joined = await as.anonymous.post('/api/v3/auth/invitation', {
      token,
      pass: 'Primeira2026',
      repeat: 'Primeira2026',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const client = clientFor(w.t, sessionSetCookie(joined)!.split(';')[0]!);
    return { created, buyer, client, joinedAt: Date.now() };
  }

  it('a buyer idle for 48 h gets one, naming the count and the next step with a link to it; then two more, 48 h apart, never at night', async () => {
    const { created, buyer, joinedAt: a } = await joinedBuyer();
    await sweep(a + 47 * H);
    expect(await reminders(buyer.email)).toHaveLength(0);

    const first = sp(a, 3, 10);
    await sweep(first);
    const [mail] = await reminders(buyer.email);
    expect(mail!.subject).toMatch(new RegExp(`^Proposta ${created.code}: faltam \\d+ etapas da sua parte$`));
    expect(mail!.text_body).toContain('Próximo passo: Dados gerais.');
    expect(mail!.text_body).toContain(`http://localhost:3000/buyer/data?buyer=1&proposta=${created.id}`);
    expect(mail!.text_body).toMatch(/Preenchimento da proposta: 0 de \d+ etapas concluídas/);
    expect(mail!.text_body).toMatch(/Não quero mais lembretes: http:\/\/localhost:3000\/auth\/lembretes\?token=/);
    const optOut = tokenIn(mail!.text_body, '/auth/lembretes');
    expect(JSON.parse(mail!.headers!)).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/v3/reminders/opt-out?token=${optOut}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The count is the person's own steps still to do (the proposal's buyer part, this buyer alone).
    const progress = (await as.operador.get(`/api/v3/proposals/${created.id}/progress`)).json().data;
    const pending = progress.steps.filter(
      (s: { party: string; state: string }) => s.party === 'buyer' && s.state !== 'done',
    );
    expect(mail!.subject).toContain(`faltam ${pending.length} etapas`);

    await sweep(first + H);
    await sweep(first + 47 * H);
    expect(await reminders(buyer.email)).toHaveLength(1);
    await sweep(first + 48 * H);
    expect(await reminders(buyer.email)).toHaveLength(2);
    // Due again from day 7 at 10:00; at 22:00 and 07:59 it is night in São Paulo.
    await sweep(sp(a, 7, 22));
    await sweep(sp(a, 8, 7, 59));
    expect(await reminders(buyer.email)).toHaveLength(2);
    await sweep(sp(a, 8, 8));
    expect(await reminders(buyer.email)).toHaveLength(3);
    await sweep(sp(a, 12, 10));
    await sweep(sp(a, 20, 10));
    expect(await reminders(buyer.email)).toHaveLength(3);

    const view = (await as.operador.get(`/api/v3/backoffice/proposals/${created.id}/reminders`)).json().data;
    expect(view).toMatchObject({ enabled: true, changedAt: null });
    expect(view.sent.map((s: { name: string; seq: number }) => [s.name, s.seq])).toEqual([
      [buyer.name, 1],
      [buyer.name, 2],
      [buyer.name, 3],
    ]);
  });

  it('counts a login as activity: 48 h from it, not from joining', async () => {
    const { buyer, client } = await joinedBuyer();
    const userId = (await client.get('/api/v3/auth/user')).json().data.id as string;
    // The person joined 40 h ago: their rows are moved back in time (the clock is the test's).
    const db = w.t.db.kysely;
    await db
      .updateTable('audit_log')
      .set((eb) => ({ at: eb('at', '-', 40 * H) }))
      .where('actor_id', '=', userId)
      .execute();
    await db
      .updateTable('sessions')
      .set((eb) => ({ last_seen_at: eb('last_seen_at', '-', 40 * H) }))
      .where('user_id', '=', userId)
      .execute();
    await db
      .updateTable('proposal_members')
      .set((eb) => ({ created_at: eb('created_at', '-', 40 * H) }))
      .where('user_id', '=', userId)
      .execute();
    const joined = Date.now() - 40 * H;
    const login = await as.anonymous.post('/api/v3/auth/login', {
      username: buyer.email,
      password: 'Primeira2026',
      type: 'buyer',
    });
    expect(login.statusCode, login.body).toBe(200);
    const loggedIn = Date.now();
    // 48 h after joining (in the day) but not after the login: none; 48 h after the login: one.
    await sweep(afterQuietHours(Math.max(joined + 48 * H, loggedIn + 10 * H), DEFAULT_REMINDER_SETTINGS));
    expect(await reminders(buyer.email)).toHaveLength(0);
    await sweep(afterQuietHours(loggedIn + 48 * H, DEFAULT_REMINDER_SETTINGS));
    expect(await reminders(buyer.email)).toHaveLength(1);
  });

  it('sends one reminder when two instances sweep at the same moment', async () => {
    const { buyer, joinedAt: a } = await joinedBuyer();
    const at = sp(a, 3, 10);
    await Promise.all([sweep(at), sweep(at), sweep(at)]);
    expect(await reminders(buyer.email)).toHaveLength(1);
  });

  it('sends none once the buyers sent the proposal for analysis', async () => {
    const { created, buyer, client, joinedAt: a } = await joinedBuyer();
    await sweep(sp(a, 3, 10));
    expect(await reminders(buyer.email)).toHaveLength(1);
    await fillBuyersPart(created.id);
    const sent = await client.post(`/api/v3/proposals/${created.id}/send-for-analysis`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await w.statusOf(created.id)).status).toBe('awaiting_seller');
    for (const day of [6, 9, 12]) await sweep(sp(a, day, 10));
    expect(await reminders(buyer.email)).toHaveLength(1);
  });

  it('reminds a seller who never opened the invitation, with a new invitation link that leads into the proposal', async () => {
    const { created, client, joinedAt: a } = await joinedBuyer();
    const email = `vendedor.${Date.now().toString(36)}@exemplo.com.br`;
    const put = await client.put(`/api/v3/proposals/${created.id}/sections/seller`, {
      sellerName: 'Rui Vendedor Lembrado',
      sellerEmail: email,
      sellerPhone: '(41) 99876-1234',
    });
    expect(put.statusCode, put.body).toBe(200);
    await sweep(sp(a, 3, 10));
    const [mail] = await reminders(email);
    expect(mail!.subject).toMatch(/faltam \d+ etapas da sua parte como vendedor\(a\)$/);
    expect(mail!.text_body).toContain('Você ainda não entrou no portal.');
    expect(mail!.text_body).toContain('Sua parte: 0 de');
    const invitation = await as.anonymous.get(
      `/api/v3/auth/invitation?token=${tokenIn(mail!.text_body, '/auth/convite')}`,
    );
    expect(invitation.json().data).toMatchObject({ state: 'open', role: 'seller', proposal: { id: created.id } });
  });

  it('the opt-out link stops them, idempotently, also as a mail client’s one-click POST; undo and the privacy page turn them back on', async () => {
    const { buyer, client, joinedAt: a } = await joinedBuyer();
    await sweep(sp(a, 3, 10));
    const token = tokenIn((await reminders(buyer.email))[0]!.text_body, '/auth/lembretes');
    const link = `/api/v3/reminders/opt-out?token=${token}`;
    const firstName = buyer.name.split(' ')[0];
    const read = await as.anonymous.get(link);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().data).toEqual({ firstName, enabled: true });
    for (let i = 0; i < 2; i++) {
      const res = await as.anonymous.post('/api/v3/reminders/opt-out', { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ firstName, enabled: false });
    }
    // RFC 8058: the mail client posts the List-Unsubscribe URL as a form.
    const oneClick = await w.t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const userId = (await client.get('/api/v3/auth/user')).json().data.id as string;
    const audit = await w.t.db.kysely.selectFrom('audit_log').select('action').where('actor_id', '=', userId).execute();
    expect(audit.filter((r) => r.action === 'reminders.disabled')).toHaveLength(1);
    expect((await client.get('/api/v3/reminders/me')).json().data).toEqual({ enabled: false });
    // The privacy export says so too, with the reminders the person got.
    const exported = (await client.get('/api/v3/privacy/export')).json().data;
    expect(exported.reminders).toEqual({
      enabled: false,
      sent: [{ proposal: expect.any(String), number: 1, sentAt: expect.any(String) }],
    });
    await sweep(sp(a, 6, 10));
    expect(await reminders(buyer.email)).toHaveLength(1);

    const undo = await as.anonymous.post('/api/v3/reminders/opt-in', { token });
    expect(undo.json().data).toEqual({ firstName, enabled: true });
    expect((await client.put('/api/v3/reminders/me', { enabled: false })).json().data).toEqual({ enabled: false });
    await sweep(sp(a, 9, 10));
    expect(await reminders(buyer.email)).toHaveLength(1);
    expect((await client.put('/api/v3/reminders/me', { enabled: true })).json().data).toEqual({ enabled: true });
    await sweep(sp(a, 12, 10));
    expect(await reminders(buyer.email)).toHaveLength(2);

    const bad = await as.anonymous.post('/api/v3/reminders/opt-out', { token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_token', message: REMINDER_LINK_INVALID });
  });

  it('an operator turns them off on one proposal (audited); only operators may, and an unknown proposal is 404', async () => {
    const { created, buyer, client, joinedAt: a } = await joinedBuyer();
    const url = `/api/v3/backoffice/proposals/${created.id}/reminders`;
    expect((await client.put(url, { enabled: false })).statusCode).toBe(403);
    const off = await as.operador.put(url, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, changedAt: expect.any(String), sent: [] });
    await sweep(sp(a, 3, 10));
    expect(await reminders(buyer.email)).toHaveLength(0);
    const audit = await w.t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', created.id)
      .where('action', 'like', 'proposal.reminders%')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['proposal.reminders_disabled']);
    expect((await as.operador.put(url, { enabled: true })).json().data.enabled).toBe(true);
    await sweep(sp(a, 3, 11));
    expect(await reminders(buyer.email)).toHaveLength(1);
    expect((await as.operador.put('/api/v3/backoffice/proposals/nope/reminders', { enabled: false })).statusCode).toBe(
      404,
    );
    const bad = await as.operador.put(url, { enabled: 'não' });
    expect(bad.statusCode).toBe(400);
  });

  /** Every step of the buyers done but the sending (as progress.test.ts does it): sections, health, documents. */
  async function fillBuyersPart(id: string) {
    const db = w.t.db.kysely;
    const buyer = await db
      .selectFrom('proposal_members')
      .select('user_id')
      .where('proposal_id', '=', id)
      .where('role', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const steps = (await as.operador.get(`/api/v3/proposals/${id}/progress`)).json().data.steps as {
      kind: string;
      key: string;
      buyer: number | null;
      party: string;
    }[];
    for (const s of steps.filter((x) => x.party === 'buyer' && x.kind === 'section'))
      await insertDoneSection(db, {
        proposalId: id,
        section: s.key,
        buyer: s.buyer ?? -1,
        userId: buyer.user_id!,
        now,
      });
    await insertConfirmedHealth(db, { proposalId: id, userId: buyer.user_id!, now });
    const docs = (await as.operador.get(`/api/v3/proposals/${id}/documents`)).json().data;
    const items = docs.items as { key: string; uploader: string }[];
    for (const item of items.filter((i) => i.uploader === 'buyer'))
      await insertDocumentFile(db, { proposalId: id, item: item.key, status: 'accepted', userId: buyer.user_id!, now });
  }
});
