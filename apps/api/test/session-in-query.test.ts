import { describe, expect, it } from 'vitest';
import {
  clientFor,
  DATABASES,
  DEMO_USERS,
  demoSuite,
  login,
  proposalUrl,
  sessionUserOf,
  type Client,
  type DemoUser,
} from './helpers';

// The proposal list and one proposal read the session in their own statement
// (docs/decisions/057-the-api-at-its-floor.md): one statement per request, the same answers as the
// session read first, and a logout or a revoked session refused on the very next request.

const NOT_FOUND = { error: { code: 'not_found', message: 'Não encontrado.' } };
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sua sessão expirou. Entre novamente.' } };

describe.each(DATABASES)('reads with the session in the same statement on %s', (dialect) => {
  const statements: string[] = [];
  const { t, as, ids, anonymous } = demoSuite(dialect, {
    database: { onStatement: (sql) => void statements.push(sql) },
  });

  /** The statements the app sent to the database while `send` ran. */
  const sent = async (send: () => Promise<unknown>) => {
    statements.length = 0;
    await send();
    return [...statements];
  };
  const tokenOf = (who: Client) => who.cookie.replace(/^access_token=/, '');
  const sessionId = async (who: Client) => t.app.repos.sessions.keyFor(tokenOf(who)).sessionId;
  const setSession = async (who: Client, values: { last_seen_at?: number; expires_at?: number }) =>
    t.db.kysely
      .updateTable('sessions')
      .set(values)
      .where('id', '=', await sessionId(who))
      .execute();
  const sessionRows = async (who: Client) =>
    (
      await t.db.kysely
        .selectFrom('sessions')
        .select(['last_seen_at'])
        .where('id', '=', await sessionId(who))
        .execute()
    ).map((r) => r.last_seen_at);

  it('the list and one proposal are one statement each; the session read alone is one too', async () => {
    const list = await sent(() => as.comprador.get('/api/v3/proposals'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatch(/from "sessions" .*"proposals"/);
    const one = await sent(() => as.comprador.get(proposalUrl(ids.twoBuyers)));
    expect(one).toHaveLength(1);
    expect(one[0]).toMatch(/from "sessions" .*"proposals"/);
    expect(await sent(() => as.comprador.get('/api/v3/auth/session'))).toHaveLength(1);
    // A stranger's proposal is still one statement, and 404.
    const stranger = await sent(async () => {
      const res = await as.outro.get(proposalUrl(ids.twoBuyers));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
    expect(stranger).toHaveLength(1);
  });

  it('answers exactly what the reads with the session first answer, for every demo account', async () => {
    const { proposals } = t.app.services;
    for (const who of Object.keys(DEMO_USERS) as DemoUser[]) {
      const user = await sessionUserOf(t, as[who]);
      const expected = JSON.parse(JSON.stringify(await proposals.listProposals(user)));
      const res = await as[who].get('/api/v3/proposals');
      expect(res.statusCode, who).toBe(200);
      expect(res.json(), who).toEqual({ data: expected });
      expect(expected.length, who).toBeGreaterThan(0);
      for (const id of Object.values(ids)) {
        const one = await as[who].get(proposalUrl(id));
        const loaded = await proposals.loadProposalFor(user, id).catch(() => null);
        expect(one.statusCode, `${who} ${id}`).toBe(loaded ? 200 : 404);
        if (loaded) expect(one.json().data, `${who} ${id}`).toEqual(expected.find((p: { id: string }) => p.id === id));
        else expect(one.json()).toEqual(NOT_FOUND);
      }
    }
  });

  it("an operator's list reads every proposal after the session (two statements)", async () => {
    const list = await sent(async () => {
      const res = await as.operador.get('/api/v3/proposals');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(Object.keys(ids).length);
    });
    expect(list).toHaveLength(2);
  });

  it('no cookie, an unknown token: 401 without reading any proposal', async () => {
    const none = await sent(async () => {
      for (const url of ['/api/v3/proposals', proposalUrl(ids.twoBuyers)]) {
        const res = await anonymous.get(url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(UNAUTHENTICATED);
      }
    });
    expect(none).toHaveLength(0);
    for (const url of ['/api/v3/proposals', proposalUrl(ids.twoBuyers)]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'access_token=not-a-session' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('after a logout, the very next list and proposal read answer 401', async () => {
    const who = clientFor(t, await login(t.app, DEMO_USERS.compradora.email, 'buyer'));
    expect((await who.get('/api/v3/proposals')).statusCode).toBe(200);
    expect((await who.post('/api/v3/auth/logout')).statusCode).toBe(204);
    for (const url of ['/api/v3/proposals', proposalUrl(ids.twoBuyers)]) {
      const res = await who.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('a revoked session (every session of the user ended elsewhere) answers 401 on the next request', async () => {
    const who = clientFor(t, await login(t.app, DEMO_USERS.compradora.email, 'buyer'));
    expect((await who.get(proposalUrl(ids.twoBuyers))).statusCode).toBe(200);
    // What a password change does on any instance: the user's sessions are deleted.
    await t.app.repos.sessions.deleteUserSessions((await sessionUserOf(t, who)).id);
    expect((await who.get(proposalUrl(ids.twoBuyers))).statusCode).toBe(401);
    expect((await who.get('/api/v3/proposals')).statusCode).toBe(401);
  });

  it('an idle or expired session answers 401, reads no proposal and is deleted', async () => {
    const now = Date.now();
    for (const [url, values] of [
      ['/api/v3/proposals', { last_seen_at: now - t.config.sessionIdleMs - 1_000 }],
      [proposalUrl(ids.twoBuyers), { expires_at: now - 1 }],
      ['/api/v3/proposals', { expires_at: now - 1 }],
      [proposalUrl(ids.twoBuyers), { last_seen_at: now - t.config.sessionIdleMs - 1_000 }],
    ] as const) {
      const who = clientFor(t, await login(t.app, DEMO_USERS.compradora.email, 'buyer'));
      await setSession(who, values);
      // The statement itself reads no proposal for a session past its limits.
      const key = t.app.repos.sessions.keyFor(tokenOf(who));
      const { proposals } = t.app.services;
      expect((await proposals.findListWithSession(key)).proposals).toEqual([]);
      expect((await proposals.findOneWithSession(key, ids.twoBuyers)).proposal).toBeNull();
      const res = await who.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
      expect(await sessionRows(who)).toEqual([]);
    }
  });

  it('a session last seen over a minute ago is touched, and the read still answers', async () => {
    const who = clientFor(t, await login(t.app, DEMO_USERS.compradora.email, 'buyer'));
    const before = Date.now() - 5 * 60_000;
    await setSession(who, { last_seen_at: before });
    const touched = await sent(async () => expect((await who.get('/api/v3/proposals')).statusCode).toBe(200));
    expect(touched).toHaveLength(2);
    const [seen] = await sessionRows(who);
    expect(seen).toBeGreaterThan(before + 60_000);
    expect(await sent(() => who.get(proposalUrl(ids.twoBuyers)))).toHaveLength(1);
  });
});
