import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, createUser, DATABASES, type TestApp } from './helpers';
import { makePdf, multipartBody } from './document-files';
import { MATRIX, type Expect, type Ids } from './security-matrix';

const ACTORS = ['anonymous', 'owner', 'other', 'second', 'seller', 'operator'] as const;
const LOGINS: Record<Exclude<(typeof ACTORS)[number], 'anonymous'>, string> = {
  owner: 'comprador@demo.com.br',
  other: 'outro@demo.com.br',
  second: 'compradora@demo.com.br',
  seller: 'vendedor@demo.com.br',
  operator: 'operador@demo.com.br',
};

interface Operation {
  key: string;
  method: string;
  path: string;
  hasJsonBody: boolean;
}

/** Every operation the API documents (the OpenAPI document is generated from the routes themselves). */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      hasJsonBody: Boolean(op.requestBody?.content?.['application/json']),
    })),
  );
}

describe.each(DATABASES)('security on %s', (dialect) => {
  let t: TestApp;
  const ids = {} as Ids;
  const userIds = {} as Record<keyof typeof LOGINS, string>;

  /** A fresh session for each request: a logout or password change cannot spoil the next one. */
  async function cookieFor(actor: (typeof ACTORS)[number]): Promise<Record<string, string>> {
    if (actor === 'anonymous') return {};
    const token = await t.app.repos.sessions.createSession({ userId: userIds[actor], ip: null, userAgent: null });
    return { cookie: `access_token=${token}` };
  }

  async function call(key: string, actor: (typeof ACTORS)[number], extraBody?: object) {
    const entry = MATRIX[key]!;
    const [method] = key.split(' ');
    const headers = await cookieFor(actor);
    const target = entry.freshFile ? { ...ids, file: await uploadFile() } : ids;
    if (entry.multipart) {
      const body = multipartBody({ name: 'declaracao.pdf', content: makePdf(), type: 'application/pdf' });
      return t.app.inject({
        method: method as 'POST',
        url: entry.url(target),
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    }
    if (entry.ndjson)
      return t.app.inject({
        method: method as 'POST',
        url: entry.url(target),
        headers: { ...headers, 'content-type': 'application/x-ndjson' },
        payload: entry.ndjson,
      });
    const body = entry.body ? { ...(entry.body(target) as object), ...extraBody } : undefined;
    return t.app.inject({
      method: method as 'GET',
      url: entry.url(target),
      headers,
      ...(body ? { payload: body } : {}),
    });
  }

  /** The owner uploads a small PDF to their income-tax item; returns the file id. */
  async function uploadFile(): Promise<string> {
    const body = multipartBody({ name: 'ir.pdf', content: makePdf(), type: 'application/pdf' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${ids.proposal}/documents/income_tax_buyer1/files`,
      headers: { ...(await cookieFor('owner')), ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const [actor, email] of Object.entries(LOGINS)) {
      userIds[actor as keyof typeof LOGINS] = (
        await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
      ).id;
    }
    const owner = await cookieFor('owner');
    const list = (await t.app.inject({ url: '/api/v3/proposals', headers: owner })).json().data as {
      id: string;
      code: string;
    }[];
    ids.proposal = list.find((p) => p.code === 'PF-2026-004817')!.id;
    ids.file = await uploadFile();
    ids.operatorId = userIds.operator;
    const leaving = await createUser(t, { role: 'buyer' });
    const req = await t.app.repos.sessions.createSession({ userId: leaving.id, ip: null, userAgent: null });
    ids.privacyRequest = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v3/privacy/deletion-request',
        headers: { cookie: `access_token=${req}` },
      })
    ).json().data.id;
    expect(ids.file).toBeTruthy();
  });
  afterAll(async () => t?.close());

  it('has an authorization entry for every route the API serves, and no stale one', async () => {
    const ops = (await operations(t)).map((o) => o.key).sort();
    expect(ops.filter((k) => !MATRIX[k])).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !ops.includes(k))).toEqual([]);
  });

  it('answers every route × caller as the matrix says (401 anonymous, 403 wrong role, 404 not theirs)', async () => {
    const mismatches: string[] = [];
    // Owner-side writes first would change state the others see; the expectation is about access, so
    // run each route for every caller in the matrix's order (anonymous … operator).
    for (const key of Object.keys(MATRIX)) {
      const entry = MATRIX[key]!;
      for (const [i, actor] of ACTORS.entries()) {
        const expected: Expect = entry.expect[i]!;
        const res = await call(key, actor);
        const s = res.statusCode;
        const allowed = s < 500 || (entry.external === true && s === 503);
        const ok = expected === 'ok' ? allowed && ![401, 403, 404].includes(s) : s === expected;
        if (!ok) mismatches.push(`${key} as ${actor}: expected ${expected}, got ${s} ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('checks the caller before the body: a wrong role gets 401/403 for an invalid body too, never field rules', async () => {
    // Denials that come from the role alone: anonymous; a 403 every buyer gets; the seller's or the operator's 403.
    const byRole = (expect: readonly Expect[], i: number) =>
      i === 0 || (expect[i] === 403 && (i > 3 || [1, 2, 3].every((b) => expect[b] === 403)));
    const leaks: string[] = [];
    for (const op of await operations(t)) {
      const entry = MATRIX[op.key];
      // A password change may be anonymous with a recovery token in the body: there the body decides.
      if (
        !entry ||
        !['POST', 'PUT', 'PATCH'].includes(op.method) ||
        entry.ndjson ||
        op.key === 'POST /api/v3/auth/change-password'
      )
        continue;
      for (const [i, actor] of ACTORS.entries()) {
        if (!byRole(entry.expect, i) || typeof entry.expect[i] !== 'number') continue;
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: entry.url(ids),
          headers: await cookieFor(actor),
          payload: [{ wrong: '\u0000' }],
        });
        if (res.statusCode !== entry.expect[i])
          leaks.push(
            `${op.key} as ${actor}: expected ${entry.expect[i]}, got ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    expect(leaks).toEqual([]);
  });

  it('gives each caller only the keys its screens use (data minimisation, as the matrix says)', async () => {
    const leaks: string[] = [];
    const keysOf = (value: unknown, into = new Set<string>()): Set<string> => {
      if (Array.isArray(value)) for (const v of value) keysOf(v, into);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          into.add(k);
          keysOf(v, into);
        }
      return into;
    };
    let checked = 0;
    for (const [key, entry] of Object.entries(MATRIX)) {
      for (const [actor, hidden] of Object.entries(entry.hides ?? {})) {
        const res = await call(key, actor as (typeof ACTORS)[number]);
        expect(res.statusCode, `${key} as ${actor}`).toBe(200);
        const keys = keysOf(res.json());
        checked++;
        for (const h of hidden) if (keys.has(h)) leaks.push(`${key} as ${actor}: ${h}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });

  it('refuses mass assignment: role, status or owner ids in a body are a 400 and change nothing', async () => {
    const smuggled = { role: 'operator', status: 'approved', user_id: 'someone-else', proposal_id: 'x' };
    const problems: string[] = [];
    for (const op of await operations(t)) {
      const entry = MATRIX[op.key];
      if (!entry?.body || !op.hasJsonBody || entry.acceptsAnything) continue;
      const i = entry.expect.findIndex((e, idx) => e === 'ok' && idx > 0);
      if (i < 0) continue;
      const res = await call(op.key, ACTORS[i]!, smuggled);
      if (res.statusCode !== 400)
        problems.push(`${op.key} as ${ACTORS[i]}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(problems).toEqual([]);
    const operator = await t.db.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', userIds.owner)
      .executeTakeFirstOrThrow();
    expect(operator.role).toBe('buyer');
  });

  it('never answers 5xx to 2000 generated requests over every JSON endpoint (fuzz)', async () => {
    const ops = (await operations(t)).filter(
      (o) => MATRIX[o.key] && !MATRIX[o.key]!.multipart && !MATRIX[o.key]!.ndjson && !MATRIX[o.key]!.external,
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(
          fc.constantFrom(...ops),
          fc.constantFrom(...ACTORS),
          fc.oneof(
            json,
            fc.dictionary(
              fc.constantFrom(
                'name',
                'cpf',
                'email',
                'pass',
                'repeat',
                'status',
                'stage',
                'value',
                'buyer',
                'note',
                'rate',
                'decision',
                'username',
                'password',
                'type',
                'token',
                'version',
              ),
              json,
            ),
          ),
          fc.string({ maxLength: 40 }),
          async (op, actor, body, junk) => {
            const entry = MATRIX[op.key]!;
            // Path parameters get junk too; the ids of real rows are used half the time.
            const url = entry
              .url(ids)
              .replace(ids.proposal, junk.length % 2 ? encodeURIComponent(junk) || 'x' : ids.proposal);
            const headers = await cookieFor(actor);
            const res = await t.app.inject({
              method: op.method as 'POST',
              url,
              headers,
              ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: body as object }),
            });
            if (res.statusCode >= 500)
              failures.push(
                `${op.key} ${actor} ${JSON.stringify(body).slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 80)}`,
              );
            return res.statusCode < 500;
          },
        ),
        { numRuns: 2000, seed: 20261122 },
      )
      .catch(() => undefined);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('logs', () => {
  it('never contain a password, a CPF, a session cookie or a health answer (canaries)', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const t = await createTestApp('sqlite', { logger: { level: 'trace', stream } });
    try {
      const password = 'Canario-Senha-2026';
      const cpf = '52998224725';
      await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login',
        payload: { username: '529.982.247-25', password, type: 'buyer' },
      });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login',
        payload: { username: 'comprador@demo.com.br', password: 'Demo@2026!', type: 'buyer' },
      });
      const token = ok.cookies.find((c) => c.name === 'access_token')!.value;
      const cookie = `access_token=${token}`;
      await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/recover',
        payload: { email: 'comprador@demo.com.br', cpf: '529.982.247-25' },
      });
      const list = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie } })).json().data as {
        id: string;
        code: string;
      }[];
      const proposal = list.find((p) => p.code === 'PF-2026-004817')!.id;
      await t.app.inject({
        method: 'POST',
        url: `/api/v3/proposals/${proposal}/insurance/consent`,
        headers: { cookie },
        payload: { version: 'v1', accepted: true },
      });
      const consentVersion = (
        await t.app.inject({ url: `/api/v3/proposals/${proposal}/insurance`, headers: { cookie } })
      ).json().data.consentVersion as string;
      await t.app.inject({
        method: 'POST',
        url: `/api/v3/proposals/${proposal}/insurance/consent`,
        headers: { cookie },
        payload: { version: consentVersion, accepted: true },
      });
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/v3/proposals/${proposal}/insurance/answers/5?buyer=0`,
        headers: { cookie },
        payload: { value: 'yes', medication: 'yes', treatment: 'no' },
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      // Bad input and a missing route are logged too.
      await t.app.inject({
        method: 'PUT',
        url: `/api/v3/proposals/${proposal}/sections/data?buyer=0`,
        headers: { cookie },
        payload: { cpf: '111.111.111-11', name: password },
      });
      await t.app.inject({ url: `/api/v3/nao-existe?cpf=${cpf}`, headers: { cookie } });
      const logs = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const canary of [
        password,
        'Demo@2026!',
        cpf,
        '529.982.247-25',
        token,
        'cancerWithChemotherapy',
        '"medication"',
      ]) {
        expect(logs.includes(canary), `log contains ${canary}`).toBe(false);
      }
    } finally {
      await t.close();
    }
  });
});
