import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT_VERSION, HEALTH_QUESTIONS, insurerDeclaration } from '@portal/domain/health-questionnaire';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DATABASES, demoSuite, login, type Client } from './helpers';

const NO = { value: 'no' };

describe.each(DATABASES)('insurance (DPS) on %s', (dialect) => {
  const { t, as, ids, userIds, anonymous } = demoSuite(dialect);
  const { comprador: main, compradora: second, outro, vendedor: seller, operador: operator } = as;

  const url = (proposal: string, path = '') => `/api/v3/proposals/${proposal}/insurance${path}`;
  const consent = (cookie: Client, proposal: string) =>
    cookie.request('POST', url(proposal, '/consent'), { version: HEALTH_CONSENT_VERSION, accepted: true });
  const answer = (cookie: Client, proposal: string, question: number, body: object, buyer?: number) =>
    cookie.request('PUT', url(proposal, `/answers/${question}${buyer === undefined ? '' : `?buyer=${buyer}`}`), body);
  const rows = (proposal: string) =>
    t.db.kysely.selectFrom('health_answers').selectAll().where('proposal_id', '=', proposal).execute();

  it('tells the insurer of the proposal and each buyer’s state', async () => {
    const res = await main.get(url(ids.twoBuyers));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({
      insurer: 'itau',
      insurerName: 'Itaú Seguros',
      canEdit: true,
      totalQuestions: 16,
      consentVersion: HEALTH_CONSENT_VERSION,
      me: { buyer: 0, consent: null, answered: [], completed: false },
      buyers: [
        { buyer: 0, name: 'Carlos Eduardo Souza', status: 'not_started' },
        { buyer: 1, name: 'Mariana Alves Souza', status: 'not_started' },
      ],
    });
    expect((await outro.get(url(ids.othersProposal))).json().data).toMatchObject({
      insurer: 'tokio',
      insurerName: 'Tokio Marine',
    });
  });

  it('saves no answer without consent, with a Portuguese message', async () => {
    const res = await answer(main, ids.twoBuyers, 1, NO);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'consent_required',
      message: 'Para responder à declaração de saúde, dê primeiro o seu consentimento para o tratamento desses dados.',
    });
    expect(await rows(ids.twoBuyers)).toHaveLength(0);
  });

  it('records the consent with its text version and time, only when accepted and current', async () => {
    expect(
      (await main.request('POST', url(ids.twoBuyers, '/consent'), { version: HEALTH_CONSENT_VERSION, accepted: false }))
        .statusCode,
    ).toBe(400);
    const old = await main.request('POST', url(ids.twoBuyers, '/consent'), { version: 'dps-old', accepted: true });
    expect(old.json().error.code).toBe('consent_outdated');
    const before = Date.now();
    const res = await consent(main, ids.twoBuyers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.me.consent.version).toBe(HEALTH_CONSENT_VERSION);
    const stored = await t.db.kysely
      .selectFrom('health_consents')
      .selectAll()
      .where('proposal_id', '=', ids.twoBuyers)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      buyer: 0,
      user_id: userIds.comprador,
      version: HEALTH_CONSENT_VERSION,
      insurance_name: 'itau',
      revoked_at: null,
    });
    expect(Number(stored[0]!.granted_at)).toBeGreaterThanOrEqual(before - 1000);
    // Consenting twice keeps one consent.
    await consent(main, ids.twoBuyers);
    expect(
      await t.db.kysely.selectFrom('health_consents').select('id').where('proposal_id', '=', ids.twoBuyers).execute(),
    ).toHaveLength(1);
  });

  it('validates answers: yes/no, and the follow-ups after a yes to items 3–16', async () => {
    expect((await answer(main, ids.twoBuyers, 1, { value: 'talvez' })).json().error.fields.value).toBe(
      'Responda Sim ou Não',
    );
    expect((await answer(main, ids.twoBuyers, 1, { value: 'no', note: 'x' })).statusCode).toBe(400);
    const followUps = await answer(main, ids.twoBuyers, 10, { value: 'yes' });
    expect(followUps.statusCode).toBe(400);
    expect(followUps.json().error.fields).toEqual({ medication: 'Obrigatório', treatment: 'Obrigatório' });
    expect((await answer(main, ids.twoBuyers, 17, NO)).statusCode).toBe(400);
    expect(await rows(ids.twoBuyers)).toHaveLength(0);
  });

  it('stores an answer encrypted: the raw row holds no answer in plain text', async () => {
    const res = await answer(main, ids.twoBuyers, 10, { value: 'yes', medication: 'yes', treatment: 'no' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.me.answered).toEqual(['heartDiseases']);
    const [row] = await rows(ids.twoBuyers);
    expect(row).toMatchObject({ buyer: 0, question_key: 'heartDiseases', updated_by: userIds.comprador });
    expect(row!.ciphertext).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    // The stored bytes hold none of the answer's JSON (quoted: random base64 contains 'no' at times).
    const stored = Buffer.from(row!.ciphertext.slice(3), 'base64').toString('latin1');
    for (const plain of ['"yes"', '"no"', 'medication', 'treatment', '"value"', 'Sim'])
      expect(stored).not.toContain(plain);
    expect(row!.key_id).toMatch(/^[0-9a-f]{12}$/);
    expect(JSON.stringify(row)).not.toMatch(/"value"|medication/);
  });

  it('gives the buyer their own answers back, without logging their own read', async () => {
    const res = await main.get(url(ids.twoBuyers, '/answers'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      buyer: 0,
      answers: [{ key: 'heartDiseases', value: 'yes', medication: 'yes', treatment: 'no' }],
      completed: false,
      completedAt: null,
    });
    expect(await t.db.kysely.selectFrom('health_access_log').selectAll().execute()).toHaveLength(0);
  });

  it('the second buyer cannot answer or read for the main buyer (403); a stranger and a seller get 404', async () => {
    expect((await answer(second, ids.twoBuyers, 1, NO, 0)).statusCode).toBe(403);
    expect((await second.get(url(ids.twoBuyers, '/answers?buyer=0'))).statusCode).toBe(403);
    expect((await second.get(url(ids.twoBuyers, '/access-log?buyer=0'))).statusCode).toBe(403);
    // Their own declaration needs their own consent.
    expect((await answer(second, ids.twoBuyers, 1, NO)).json().error.code).toBe('consent_required');
    // And the main buyer cannot answer for the second buyer.
    expect((await answer(main, ids.twoBuyers, 1, NO, 1)).statusCode).toBe(403);
    for (const cookie of [outro, seller]) {
      expect((await cookie.get(url(ids.twoBuyers))).statusCode).toBe(404);
      expect((await cookie.get(url(ids.twoBuyers, '/answers?buyer=0'))).statusCode).toBe(404);
      expect((await answer(cookie, ids.twoBuyers, 1, NO)).statusCode).toBe(404);
      expect(
        (
          await cookie.request('POST', url(ids.twoBuyers, '/consent'), {
            version: HEALTH_CONSENT_VERSION,
            accepted: true,
          })
        ).statusCode,
      ).toBe(404);
      expect((await cookie.request('DELETE', url(ids.twoBuyers, '/consent'))).statusCode).toBe(404);
    }
    expect((await anonymous.get(url(ids.twoBuyers, '/answers'))).statusCode).toBe(401);
    expect((await main.get(url('no-such-proposal'))).statusCode).toBe(404);
    expect(await rows(ids.twoBuyers)).toHaveLength(1);
  });

  it('an operator reads only with the health permission, and every read is logged', async () => {
    await t.db.kysely.deleteFrom('operator_permissions').where('user_id', '=', userIds.operador).execute();
    const denied = await operator.get(url(ids.twoBuyers, '/answers?buyer=0'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Você não tem permissão para ver declarações de saúde.');
    expect(
      await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'health.read_denied').execute(),
    ).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('health_access_log').selectAll().execute()).toHaveLength(0);

    await t.db.kysely
      .insertInto('operator_permissions')
      .values({ user_id: userIds.operador, permission: 'health:read', granted_by: null, granted_at: Date.now() })
      .execute();
    const res = await operator.get(url(ids.twoBuyers, '/answers?buyer=0'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.answers).toEqual([
      { key: 'heartDiseases', value: 'yes', medication: 'yes', treatment: 'no' },
    ]);
    const log = await t.db.kysely.selectFrom('health_access_log').selectAll().execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      proposal_id: ids.twoBuyers,
      buyer: 0,
      owner_id: userIds.comprador,
      reader_id: userIds.operador,
      reader_role: 'operator',
      action: 'read',
    });
    expect(
      await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'health.read').execute(),
    ).toHaveLength(1);

    // The owner sees who read their answers.
    const seen = await main.get(url(ids.twoBuyers, '/access-log'));
    expect(seen.json().data).toEqual([
      expect.objectContaining({
        readerName: 'Juliana Costa (Equipe do portal)',
        readerRole: 'operator',
        action: 'read',
      }),
    ]);
    // Operators read; they never answer.
    expect((await answer(operator, ids.twoBuyers, 1, NO, 0)).statusCode).toBe(403);
    expect((await operator.get(url(ids.twoBuyers, '/answers?buyer=1'))).json().data.answers).toEqual([]);
  });

  it('confirms only a complete declaration with the insurer’s current declaration; a later change reopens it', async () => {
    const version = insurerDeclaration('itau').version;
    const early = await main.request('POST', url(ids.twoBuyers, '/confirm'), { declaration: true, version });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toContain('Responda todas as 16 perguntas');
    for (const q of HEALTH_QUESTIONS)
      if (q.id !== 10)
        expect(
          (
            await answer(
              main,
              ids.twoBuyers,
              q.id,
              q.id === 15 ? { value: 'yes', medication: 'no', treatment: 'yes' } : NO,
            )
          ).statusCode,
        ).toBe(200);
    expect(
      (await main.request('POST', url(ids.twoBuyers, '/confirm'), { declaration: true, version: 'old' })).json().error
        .code,
    ).toBe('declaration_outdated');
    expect(
      (await main.request('POST', url(ids.twoBuyers, '/confirm'), { declaration: false, version })).statusCode,
    ).toBe(400);
    const ok = await main.request('POST', url(ids.twoBuyers, '/confirm'), { declaration: true, version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.me).toMatchObject({ completed: true, answered: HEALTH_QUESTIONS.map((q) => q.key) });
    expect(ok.json().data.buyers[0].status).toBe('completed');
    const declaration = await t.db.kysely
      .selectFrom('insurance_declarations')
      .selectAll()
      .where('proposal_id', '=', ids.twoBuyers)
      .executeTakeFirstOrThrow();
    expect(declaration).toMatchObject({ insurance_name: 'itau', completed: 1, declaration_version: version });

    const answers = (await main.get(url(ids.twoBuyers, '/answers'))).json().data.answers as { key: string }[];
    expect(answers.map((a) => a.key)).toEqual(HEALTH_QUESTIONS.map((q) => q.key));
    expect(answers[14]).toEqual({ key: 'diabetes', value: 'yes', medication: 'no', treatment: 'yes' });

    expect((await answer(main, ids.twoBuyers, 15, NO)).json().data.me.completed).toBe(false);
    expect(
      (await main.request('POST', url(ids.twoBuyers, '/confirm'), { declaration: true, version })).json().data.me
        .completed,
    ).toBe(true);
  });

  it('detects a tampered or moved ciphertext instead of returning it', async () => {
    const [a, b] = (await rows(ids.twoBuyers)).filter((r) => r.question_key === 'hiv' || r.question_key === 'leukemia');
    await t.db.kysely
      .updateTable('health_answers')
      .set({ ciphertext: b!.ciphertext })
      .where('id', '=', a!.id)
      .execute();
    const res = await main.get(url(ids.twoBuyers, '/answers'));
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({
      code: 'health_data_unreadable',
      message: 'Não foi possível ler a declaração de saúde. A equipe técnica foi avisada.',
    });
    await t.db.kysely
      .updateTable('health_answers')
      .set({ ciphertext: a!.ciphertext })
      .where('id', '=', a!.id)
      .execute();
    expect((await main.get(url(ids.twoBuyers, '/answers'))).statusCode).toBe(200);
  });

  it('refuses new consents and answers while the proposal is under review, but revocation always works', async () => {
    const res = await consent(main, ids.underReview);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('proposal_locked');
    expect((await main.get(url(ids.underReview))).json().data).toMatchObject({ insurer: 'tokio', canEdit: false });
    expect((await main.request('DELETE', url(ids.underReview, '/consent'))).statusCode).toBe(200);
  });

  it('revoking the consent stops processing: answers deleted, declaration reopened, consent kept as revoked', async () => {
    const res = await main.request('DELETE', url(ids.twoBuyers, '/consent'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.me).toMatchObject({ consent: null, answered: [], completed: false });
    expect(await rows(ids.twoBuyers)).toHaveLength(0);
    const consents = await t.db.kysely
      .selectFrom('health_consents')
      .selectAll()
      .where('proposal_id', '=', ids.twoBuyers)
      .execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]!.revoked_at).not.toBeNull();
    expect((await answer(main, ids.twoBuyers, 1, NO)).json().error.code).toBe('consent_required');
    expect(
      await t.db.kysely
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'health.consent_revoked')
        .where('subject', '=', `proposal:${ids.twoBuyers}/insurance/0`)
        .execute(),
    ).toEqual([{ detail: 'answers deleted: 16' }]);
    // A new consent starts a new declaration.
    expect((await consent(main, ids.twoBuyers)).json().data.me.consent).not.toBeNull();
  });

  it('keeps its key in DATA_DIR/keys/health.key (0600) when HEALTH_DATA_KEY is not set', () => {
    const file = join(t.config.dataDir, 'keys', 'health.key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes neither answers nor request bodies to the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ config: t.config, db: t.db, logger: { level: 'trace', stream } });
    await logged.ready();
    try {
      const cookie = await login(logged, 'outro@demo.com.br', 'buyer');
      const c = await logged.inject({
        method: 'POST',
        url: url(ids.othersProposal, '/consent'),
        headers: { cookie },
        payload: { version: HEALTH_CONSENT_VERSION, accepted: true },
      });
      expect(c.statusCode).toBe(200);
      const a = await logged.inject({
        method: 'PUT',
        url: url(ids.othersProposal, '/answers/13'),
        headers: { cookie },
        payload: { value: 'yes', medication: 'yes', treatment: 'yes' },
      });
      expect(a.statusCode).toBe(200);
      const r = await logged.inject({ url: url(ids.othersProposal, '/answers'), headers: { cookie } });
      expect(r.json().data.answers).toEqual([
        { key: 'arterialHypertension', value: 'yes', medication: 'yes', treatment: 'yes' },
      ]);
      await logged.inject({
        method: 'PUT',
        url: url(ids.othersProposal, '/answers/13'),
        headers: { cookie },
        payload: { value: 'yes' },
      });
    } finally {
      await logged.close();
    }
    expect(lines.length).toBeGreaterThan(3);
    const all = lines.join('\n');
    expect(all).not.toMatch(/medication|treatment|"value"/);
    expect(all).not.toContain('arterialHypertension');
  });

  it('uses HEALTH_DATA_KEY from the environment when set (and then writes no key file)', async () => {
    const key = randomBytes(32).toString('base64');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-key-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: join(dataDir, 'no-web'),
      HEALTH_DATA_KEY: key,
    });
    expect(config.healthDataKey).toBe(key);
    // An answer written with the default key first.
    await consent(outro, ids.othersProposal);
    expect((await answer(outro, ids.othersProposal, 2, NO)).statusCode).toBe(200);
    const other = await buildApp({ config, db: t.db, logger: false });
    await other.ready();
    try {
      const cookie = await login(other, 'outro@demo.com.br', 'buyer');
      expect(
        (
          await other.inject({
            method: 'PUT',
            url: url(ids.othersProposal, '/answers/1'),
            headers: { cookie },
            payload: NO,
          })
        ).statusCode,
      ).toBe(200);
      const row = await t.db.kysely
        .selectFrom('health_answers')
        .select('key_id')
        .where('proposal_id', '=', ids.othersProposal)
        .where('question_key', '=', 'disabilityRetired')
        .executeTakeFirstOrThrow();
      expect(row.key_id).toBe(createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 12));
      // Answers written with the other key cannot be read with this one: refused, not garbled.
      expect(
        (await other.inject({ url: url(ids.othersProposal, '/answers'), headers: { cookie } })).json().error.code,
      ).toBe('health_data_unreadable');
    } finally {
      await other.close();
    }
    expect(existsSync(join(dataDir, 'keys'))).toBe(false);
  });
});
