import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@portal/domain/api-error';
import { DATABASES, clientFor, createUser, login, resetRateLimits, sessionSetCookie } from './helpers';
import { newProposal, useBackofficeWorld } from './helpers/backoffice';
import { createPasswordTokensRepository } from '../src/modules/auth/password-tokens.repository';

/**
 * The invitation landing's API (docs/decisions/043-joining.md): GET /auth/invitation reads the
 * welcome without spending the link, POST /auth/invitation sets the first password once and signs
 * the person in, POST /auth/invitation/resend e-mails a new link for an expired one.
 */
const PASSWORD = 'Primeira2026';
const tokenIn = (text: string) => {
  const m = /\/auth\/convite\?token=([\w-]+)/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return m[1]!;
};

describe.each(DATABASES)('invitations on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, create, outbox } = w;
  const get = (token: string) => as.anonymous.get(`/api/v3/auth/invitation?token=${encodeURIComponent(token)}`);
  const accept = (token: string, pass = PASSWORD, repeat = pass, who = as.anonymous) =>
    who.post('/api/v3/auth/invitation', { token, pass, repeat });

  /** The operator opens a proposal for a new buyer; returns the proposal, the buyer and the e-mailed token. */
  async function invitedBuyer() {
    const input = newProposal();
    const created = await create(input);
    const buyer = input.buyers[0]!;
    const mails = await outbox(buyer.email);
    expect(mails).toHaveLength(1);
    return { created, buyer, mail: mails[0]!, token: tokenIn(mails[0]!.text_body) };
  }

  it('the buyer invitation e-mail welcomes by name, names the proposal, the city and who invited, and links to the landing', async () => {
    const { created, buyer, mail } = await invitedBuyer();
    expect(mail.subject).toBe(`Convite para a proposta ${created.code} — Portal de Propostas`);
    expect(mail.text_body).toContain(`Olá, ${buyer.name.split(' ')[0]}!`);
    expect(mail.text_body).toContain(`na proposta ${created.code} (Financiamento imobiliário, imóvel em São Paulo/SP)`);
    expect(mail.text_body).toContain(
      'Juliana Costa (Equipe do portal) convidou você para participar como comprador(a)',
    );
    expect(mail.text_body).not.toContain('/buyer/change-password');
  });

  it('reads the welcome without spending the link: name, role, proposal, inviter', async () => {
    const { created, buyer, token } = await invitedBuyer();
    for (let i = 0; i < 2; i++) {
      const res = await get(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        data: {
          state: 'open',
          name: buyer.name,
          email: buyer.email,
          role: 'buyer',
          proposal: { id: created.id, code: created.code, type: 'financing', city: 'São Paulo', uf: 'SP' },
          invitedBy: { name: expect.any(String), role: 'operator' },
        },
      });
    }
  });

  it('the first password signs the person in (cookie), names the proposal, and sends no "senha alterada" e-mail', async () => {
    const { created, buyer, token } = await invitedBuyer();
    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { name: buyer.name, email: buyer.email, role: 'buyer' },
      proposalId: created.id,
    });
    const line = sessionSetCookie(res)!;
    expect(line).toMatch(/^access_token=[A-Za-z0-9_-]{40,};/);
    expect(line).toMatch(/HttpOnly/i);
    const me = clientFor(w.t, line.split(';')[0]!);
    const mine = await me.get('/api/v3/proposals');
    expect(mine.json().data.map((p: { id: string }) => p.id)).toEqual([created.id]);
    // The invitation is the only e-mail the person ever got: a first password is no alarm.
    expect((await outbox(buyer.email)).map((m) => m.kind)).toEqual(['invite']);
    const audit = await w.t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', res.json().data.user.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('invitation.accepted');
    // The password works at the login too.
    await resetRateLimits(w.t);
    await login(w.t.app, buyer.email, 'buyer', PASSWORD);
  });

  it('a link is spent once: a second use (or a read) says it was used and changes nothing', async () => {
    const { buyer, token } = await invitedBuyer();
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token, 'Outra2026x');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: { code: 'invitation_used', message: API_MESSAGES.invitationUsed } });
    expect(sessionSetCookie(again)).toBeUndefined();
    const read = await get(token);
    expect(read.json().data).toEqual({
      state: 'used',
      name: buyer.name,
      email: buyer.email,
      role: 'buyer',
      proposal: null,
      invitedBy: null,
    });
    await resetRateLimits(w.t);
    await login(w.t.app, buyer.email, 'buyer', PASSWORD);
  });

  it('an expired link is refused, and a new one is e-mailed to the invited address on request', async () => {
    const { buyer, created, token } = await invitedBuyer();
    await w.t.db.kysely
      .updateTable('password_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('used_at', 'is', null)
      .execute();
    expect((await get(token)).json().data).toMatchObject({ state: 'expired', name: buyer.name });
    const refused = await accept(token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toEqual({ code: 'invitation_expired', message: API_MESSAGES.invitationExpired });
    const user = await w.t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();

    const resent = await as.anonymous.post('/api/v3/auth/invitation/resend', { token });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ data: { message: API_MESSAGES.invitationResent } });
    const mails = await outbox(buyer.email);
    expect(mails).toHaveLength(2);
    const fresh = tokenIn(mails[1]!.text_body);
    expect(fresh).not.toBe(token);
    expect(mails[1]!.text_body).toContain(created.code);
    const ok = await accept(fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.proposalId).toBe(created.id);
  });

  it('refuses a bad first password with Portuguese field messages and spends nothing', async () => {
    const { token } = await invitedBuyer();
    const short = await accept(token, 'curta1', 'curta1');
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().error.fields)).toEqual(['pass']);
    const differ = await accept(token, PASSWORD, 'Diferente2026');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.fields).toEqual({ repeat: 'As senhas não conferem' });
    expect((await get(token)).json().data.state).toBe('open');
  });

  it('an unknown token, or a recovery link, is no invitation', async () => {
    const unknown = await get('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'invitation_invalid', message: API_MESSAGES.invitationInvalid });
    const person = await createUser(w.t);
    const recoverToken = await createPasswordTokensRepository(w.t.db.kysely).issueToken({
      userId: person.id,
      purpose: 'recover',
      ttlMs: 60_000,
    });
    expect((await get(recoverToken)).statusCode).toBe(400);
    expect((await accept(recoverToken)).statusCode).toBe(400);
  });

  it('the seller invited by the buyer lands on the seller role and the proposal the buyer named', async () => {
    const { created, token } = await invitedBuyer();
    const joined = await accept(token);
    const buyer = clientFor(w.t, sessionSetCookie(joined)!.split(';')[0]!);
    const email = `vendedor.${Date.now().toString(36)}@exemplo.com.br`;
    const sent = await buyer.put(`/api/v3/proposals/${created.id}/sections/seller`, {
      sellerName: 'Rui Vendedor Novo',
      sellerEmail: email,
      sellerPhone: '(41) 99876-1234',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await outbox(email))[0]!;
    expect(mail.text_body).toContain(
      `${joined.json().data.user.name} convidou você para participar como vendedor(a) do imóvel`,
    );
    const sellerToken = tokenIn(mail.text_body);
    expect((await get(sellerToken)).json().data).toMatchObject({
      state: 'open',
      role: 'seller',
      proposal: { id: created.id, code: created.code },
      invitedBy: { name: joined.json().data.user.name, role: 'buyer' },
    });
    const seller = await accept(sellerToken);
    expect(seller.json().data).toMatchObject({ user: { role: 'seller', email }, proposalId: created.id });
    const sellerClient = clientFor(w.t, sessionSetCookie(seller)!.split(';')[0]!);
    expect((await sellerClient.get(`/api/v3/proposals/${created.id}/seller`)).statusCode).toBe(200);
    expect((await outbox(email)).map((m) => m.kind)).toEqual(['invite']);
  });

  it('a password set through the old change-password link is not "alterada" either; a later change is', async () => {
    const { buyer, token } = await invitedBuyer();
    const first = await as.anonymous.post('/api/v3/auth/change-password', { token, pass: PASSWORD, repeat: PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    expect((await outbox(buyer.email)).map((m) => m.kind)).toEqual(['invite']);
    const user = await w.t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    const recover = await createPasswordTokensRepository(w.t.db.kysely).issueToken({
      userId: user.id,
      purpose: 'recover',
      ttlMs: 60_000,
    });
    const second = await as.anonymous.post('/api/v3/auth/change-password', {
      token: recover,
      pass: 'Segunda2026',
      repeat: 'Segunda2026',
    });
    expect(second.statusCode).toBe(200);
    expect((await outbox(buyer.email)).map((m) => m.kind)).toEqual(['invite', 'password_changed']);
  });
  it('buyers and operators come in one way (docs/decisions/060-one-way-in.md): a week-long link, and an operator e-mail is unique across roles', async () => {
    const lifeOf = async (email: string) => {
      const row = await w.t.db.kysely
        .selectFrom('password_tokens')
        .innerJoin('users', 'users.id', 'password_tokens.user_id')
        .select(['password_tokens.created_at', 'password_tokens.expires_at', 'password_tokens.purpose'])
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      return { purpose: row.purpose, ttl: Number(row.expires_at) - Number(row.created_at) };
    };
    const WEEK = 7 * 24 * 3_600_000;
    const { buyer } = await invitedBuyer();
    expect(await lifeOf(buyer.email)).toEqual({ purpose: 'invite', ttl: WEEK });

    const email = `operadora.convite.${dialect}@portal.com.br`;
    const created = await as.operador.post('/api/v3/operators', { name: 'Operadora Convidada', email });
    expect(created.statusCode, created.body).toBe(201);
    expect(await lifeOf(email)).toEqual({ purpose: 'invite', ttl: WEEK });
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('Seu acesso à área da equipe do Portal de Propostas');
    expect(mail!.text_body).toContain('convidou você para participar como operador(a) da equipe do portal');
    expect(mail!.text_body).toContain(`/auth/convite?token=${tokenIn(mail!.text_body)}`);

    // The buyer's e-mail already has an account (as a buyer): no operator account is made with it.
    const taken = await as.operador.post('/api/v3/operators', { name: 'Outra Pessoa', email: buyer.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');
    const accounts = await w.t.db.kysely.selectFrom('users').select('role').where('email', '=', buyer.email).execute();
    expect(accounts).toEqual([{ role: 'buyer' }]);
  });
});
