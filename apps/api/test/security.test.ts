import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  asUser,
  clientFor,
  createTestApp,
  createUser,
  DATABASES,
  demoProposals,
  demoSuite,
  proposalUrl,
  sessionClient,
  sectionUrl,
  type Client,
  type DemoUser,
  type Method,
  type TestApp,
} from './helpers';
import { uploadDocument } from './helpers/documents';
import { startUpload, tusClient, tusRequest } from './helpers/tus';
import { makePdf } from './document-files';
import {
  HISTORY_NOTES,
  INTERNAL_NOTE,
  MATRIX,
  PERMISSIONS_POLICY,
  X_FRAME_OPTIONS,
  type Expect,
  type Ids,
  type MatrixEntry,
} from './security-matrix';

const ACTORS = ['anonymous', 'owner', 'other', 'second', 'seller', 'operator'] as const;
/** The matrix's callers as demo accounts (helpers/demo.ts). */
const ACCOUNTS: Record<Exclude<(typeof ACTORS)[number], 'anonymous'>, DemoUser> = {
  owner: 'comprador',
  other: 'outro',
  second: 'compradora',
  seller: 'vendedor',
  operator: 'operador',
};

interface Operation {
  key: string;
  method: string;
  path: string;
  hasJsonBody: boolean;
}

/** Every operation the API documents (the OpenAPI document is generated from the routes themselves). */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await clientFor(t).get('/api/docs')).json() as {
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
  const demo = demoSuite(dialect);
  const { t } = demo;
  const ids = {} as Ids;

  /** A fresh session for each request: a logout or password change cannot spoil the next one. */
  async function clientOf(actor: (typeof ACTORS)[number]): Promise<Client> {
    if (actor === 'anonymous') return clientFor(t);
    return sessionClient(t, demo.userIds[ACCOUNTS[actor]]);
  }

  async function call(key: string, actor: (typeof ACTORS)[number], extraBody?: object) {
    const entry = MATRIX[key]!;
    const [method] = key.split(' ') as [Method];
    const who = await clientOf(actor);
    const target = entry.freshFile ? { ...ids, file: await uploadFile() } : ids;
    if (entry.tus) return callTus(entry, method, who);
    if (entry.ndjson)
      return who.request(method, entry.url(target), entry.ndjson, {
        headers: { 'content-type': 'application/x-ndjson' },
      });
    const body = entry.body ? { ...(entry.body(target) as object), ...extraBody } : undefined;
    return who.request(method, entry.url(target), body);
  }

  /** A tus request: a creation naming the owner's item, or the method on a fresh upload of the owner's. */
  const callTus = async (entry: MatrixEntry, method: string, who: Client) =>
    entry.tus === 'create'
      ? tusClient(who).create(ids.proposal, 'income_tax_buyer1', { name: 'ir.pdf', size: 2_000 })
      : tusRequest(who, method, entry.url({ ...ids, upload: await newUpload() }));
  const newUpload = async () => startUpload(await clientOf('owner'), ids.proposal, 'income_tax_buyer1');

  /** The owner uploads a small PDF to their income-tax item; returns the file id. */
  async function uploadFile(): Promise<string> {
    const file = { name: 'ir.pdf', content: makePdf(), type: 'application/pdf' };
    const res = await uploadDocument(await clientOf('owner'), ids.proposal, 'income_tax_buyer1', file);
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  }

  beforeAll(async () => {
    ids.proposal = demo.ids.twoBuyers;
    ids.file = await uploadFile();
    ids.upload = await newUpload();
    ids.operatorId = demo.userIds.operador;
    const leaving = await createUser(t, { role: 'buyer' });
    ids.privacyRequest = (
      await (await sessionClient(t, leaving.id)).post('/api/v3/privacy/deletion-request')
    ).json().data.id;
    expect(ids.file).toBeTruthy();
    // The team writes to each party on the proposal (HISTORY_NOTES): what the matrix hides checks.
    const op = await clientOf('operator');
    const base = `/api/v3/backoffice/proposals/${ids.proposal}`;
    for (const [what, body] of [
      ['status', { status: 'under_review', reason: 'Cadastro conferido' }],
      ['status', { status: 'pending_correction', reason: HISTORY_NOTES.toBuyers }],
      ['stage', { stage: 'credit_analysis', reason: HISTORY_NOTES.stageToBuyers }],
      ['stage', { stage: 'appraisal', reason: HISTORY_NOTES.toSeller }],
    ] as const) {
      const res = await op.post(`${base}/${what}`, body);
      if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    }
    // The operator takes the proposal: its responsible is the team's own (TEAM_ONLY in the matrix).
    const taken = await op.put(`${base}/owner`, { operatorId: ids.operatorId });
    if (taken.statusCode !== 200) throw new Error(`owner: ${taken.statusCode} ${taken.body}`);
    // The team's internal note, which no party may read anywhere (INTERNAL_NOTE).
    const note = await op.post(`${base}/notes`, { text: INTERNAL_NOTE });
    if (note.statusCode !== 201) throw new Error(`note: ${note.statusCode} ${note.body}`);
    ids.note = note.json().data.id as string;
  });

  it('has an authorization entry for every route the API serves, and no stale one', async () => {
    const ops = (await operations(t)).map((o) => o.key).sort();
    expect(ops.filter((k) => !MATRIX[k])).toEqual([]);
    // @fastify/swagger leaves HEAD routes out of the document (tus's HEAD): the matrix still walks them.
    expect(Object.keys(MATRIX).filter((k) => !ops.includes(k) && !k.startsWith('HEAD '))).toEqual([]);
  });

  it('answers every route × caller as the matrix says (401 anonymous, 403 wrong role, 404 not theirs), with the response headers it says', async () => {
    const mismatches: string[] = [];
    const headers: string[] = [];
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
        // Whatever the answer, its headers: no-store unless the route may be cached, the one
        // Permissions-Policy, the one framing rule (the inline document preview is not in the walk).
        const cacheControl = String(res.headers['cache-control'] ?? '(none)');
        const cacheOk =
          entry.cache && s < 400
            ? cacheControl === entry.cache.cacheControl
            : cacheControl.split(',').some((d) => d.trim() === 'no-store');
        if (!cacheOk) headers.push(`${key} as ${actor}: ${s} cache-control ${cacheControl}`);
        if (
          res.headers['permissions-policy'] !== PERMISSIONS_POLICY ||
          res.headers['x-frame-options'] !== X_FRAME_OPTIONS
        )
          headers.push(`${key} as ${actor}: ${s} permissions-policy/x-frame-options missing or different`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(headers).toEqual([]);
    // About 400 requests: on a loaded machine this walk alone outlasts the default 30 s.
  }, 180_000);

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
        const res = await (await clientOf(actor)).request(op.method as Method, entry.url(ids), [{ wrong: '\u0000' }]);
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

  it('never gives a party the notes the team wrote to another party (history audience)', async () => {
    const leaks: string[] = [];
    const seen: string[] = [];
    let checked = 0;
    for (const [key, entry] of Object.entries(MATRIX)) {
      for (const [actor, hidden] of Object.entries(entry.hidesText ?? {})) {
        const res = await call(key, actor as (typeof ACTORS)[number]);
        expect(res.statusCode, `${key} as ${actor}`).toBe(200);
        checked++;
        for (const h of hidden) if (res.body.includes(h)) leaks.push(`${key} as ${actor}: ${h}`);
      }
    }
    // Each note does reach its own party (the check above can fail); the internal note, the team.
    for (const [actor, note] of [
      ['owner', HISTORY_NOTES.toBuyers],
      ['seller', HISTORY_NOTES.toSeller],
      ['operator', HISTORY_NOTES.stageToBuyers],
    ] as const)
      if ((await call('GET /api/v3/proposals/{id}/history', actor)).body.includes(note)) seen.push(actor);
    if ((await call('GET /api/v3/backoffice/proposals/{id}/notes', 'operator')).body.includes(INTERNAL_NOTE))
      seen.push('operator: internal note');
    expect(checked).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(seen).toEqual(['owner', 'seller', 'operator', 'operator: internal note']);
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
      .where('id', '=', demo.userIds.comprador)
      .executeTakeFirstOrThrow();
    expect(operator.role).toBe('buyer');
  });

  it('never answers 5xx to 2000 generated requests over every JSON endpoint (fuzz)', async () => {
    const ops = (await operations(t)).filter(
      (o) => MATRIX[o.key] && !MATRIX[o.key]!.ndjson && !MATRIX[o.key]!.external,
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
            const who = await clientOf(actor);
            const res = await who.request(
              op.method as Method,
              url,
              op.method === 'GET' || op.method === 'DELETE' ? undefined : body,
            );
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
      const anonymous = clientFor(t);
      await anonymous.post('/api/v3/auth/login', { username: '529.982.247-25', password, type: 'buyer' });
      const carlos = await asUser(t, 'comprador');
      const token = carlos.cookie.slice('access_token='.length);
      await anonymous.post('/api/v3/auth/recover', { email: 'comprador@demo.com.br', cpf: '529.982.247-25' });
      const proposal = (await demoProposals(t)).twoBuyers.id;
      await carlos.post(proposalUrl(proposal, '/insurance/consent'), { version: 'v1', accepted: true });
      const consentVersion = (await carlos.get(proposalUrl(proposal, '/insurance'))).json().data
        .consentVersion as string;
      await carlos.post(proposalUrl(proposal, '/insurance/consent'), { version: consentVersion, accepted: true });
      const answer = await carlos.put(proposalUrl(proposal, '/insurance/answers/5?buyer=0'), {
        value: 'yes',
        medication: 'yes',
        treatment: 'no',
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      // Bad input and a missing route are logged too.
      await carlos.put(sectionUrl(proposal, 'data', 0), { cpf: '111.111.111-11', name: password });
      await carlos.get(`/api/v3/nao-existe?cpf=${cpf}`);
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
