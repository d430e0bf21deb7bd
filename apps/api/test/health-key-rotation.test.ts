import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_CONSENT_VERSION } from '@portal/domain/health-questionnaire';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createHealthCipherFromConfig } from '../src/modules/insurance/health-crypto';
import { reencryptHealthAnswers } from '../src/modules/insurance/health-rotation';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

const OLD = randomBytes(32).toString('base64');
const NEW = randomBytes(32).toString('base64');

/** Moving the health answers to a new key without a moment where any of them cannot be read. */
describe.each(DATABASES)('health data key rotation on %s', (dialect) => {
  let t: TestApp;
  let proposal: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { HEALTH_DATA_KEY: OLD } });
    const cookie = await login(t.app, 'outro@demo.com.br', 'buyer');
    proposal = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie } })).json().data[0].id;
    const base = `/api/v3/proposals/${proposal}/insurance`;
    const consent = await t.app.inject({
      method: 'POST',
      url: `${base}/consent`,
      headers: { cookie },
      payload: { version: HEALTH_CONSENT_VERSION, accepted: true },
    });
    expect(consent.statusCode).toBe(200);
    for (const [question, payload] of [
      [1, { value: 'no' }],
      [2, { value: 'yes', medication: 'yes', treatment: 'no' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${base}/answers/${question}`,
        headers: { cookie },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  /** The buyer's own answers as an instance with these keys reads them. */
  async function answersWith(keys: { HEALTH_DATA_KEY: string; HEALTH_DATA_KEY_PREVIOUS?: string }) {
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: join(t.config.dataDir, 'no-web'),
      ...keys,
    });
    const app = await buildApp({ config, db: t.db, logger: false });
    await app.ready();
    try {
      const cookie = await login(app, 'outro@demo.com.br', 'buyer');
      const res = await app.inject({ url: `/api/v3/proposals/${proposal}/insurance/answers`, headers: { cookie } });
      return { status: res.statusCode, answers: res.statusCode === 200 ? res.json().data.answers : null };
    } finally {
      await app.close();
    }
  }
  const keyIds = async () =>
    (await t.db.kysely.selectFrom('health_answers').select('key_id').where('proposal_id', '=', proposal).execute()).map(
      (r) => r.key_id,
    );

  it('re-encrypts every answer with the new key; the old key is then no longer needed', async () => {
    const before = await answersWith({ HEALTH_DATA_KEY: OLD });
    expect(before.status).toBe(200);
    expect(before.answers).toHaveLength(2);
    // During the rotation, instances started with both keys read everything.
    expect(await answersWith({ HEALTH_DATA_KEY: NEW, HEALTH_DATA_KEY_PREVIOUS: OLD })).toEqual(before);
    // The new key alone cannot read answers that were not re-encrypted yet.
    expect((await answersWith({ HEALTH_DATA_KEY: NEW })).status).toBe(500);

    // Without the previous key the command touches nothing and names what it could not read.
    const blind = await reencryptHealthAnswers(
      t.db.kysely,
      createHealthCipherFromConfig({ ...t.config, healthDataKey: NEW, healthDataKeyPrevious: null }),
    );
    expect(blind).toEqual({ reencrypted: 0, unreadable: expect.arrayContaining([expect.any(String)]) });
    expect(blind.unreadable).toHaveLength(2);
    expect((await answersWith({ HEALTH_DATA_KEY: OLD })).answers).toEqual(before.answers);

    const cipher = createHealthCipherFromConfig({ ...t.config, healthDataKey: NEW, healthDataKeyPrevious: OLD });
    expect(await reencryptHealthAnswers(t.db.kysely, cipher, { batchSize: 1 })).toEqual({
      reencrypted: 2,
      unreadable: [],
    });
    expect(await keyIds()).toEqual([cipher.keyId, cipher.keyId]);
    expect(await answersWith({ HEALTH_DATA_KEY: NEW })).toEqual(before);
    expect((await answersWith({ HEALTH_DATA_KEY: OLD })).status).toBe(500);
    // Running it again has nothing left to do.
    expect(await reencryptHealthAnswers(t.db.kysely, cipher)).toEqual({ reencrypted: 0, unreadable: [] });
  });
});
