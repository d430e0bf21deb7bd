import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FGTS_RULES, FGTS_STEPS } from '@portal/domain/fgts-sections';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

/** Answers that meet every eligibility rule (built from the rules, which are data). */
const ELIGIBLE = { uses_fgts: 'yes', ...Object.fromEntries(FGTS_RULES.map((r) => [r.field, r.eligible])) };

/** The FGTS state names the screen where a buyer's FGTS stands (what /buyer/fgts/utils opens). */
describe.each(DATABASES)('FGTS resume path on %s', (dialect) => {
  let t: TestApp;
  let main: string;
  let second: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    let operator: string;
    [main, second, operator] = await Promise.all([
      login(t.app, 'comprador@demo.com.br', 'buyer'),
      login(t.app, 'compradora@demo.com.br', 'buyer'),
      login(t.app, 'operador@demo.com.br', 'operator'),
    ]);
    const all = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: operator } })).json().data as {
      id: string;
      code: string;
    }[];
    for (const p of all) ids[p.code] = p.id;
  });
  afterAll(async () => t?.close());

  const state = async (cookie: string, code: string, buyer: number) => {
    const res = await t.app.inject({ url: `/api/v3/proposals/${ids[code]}/fgts?buyer=${buyer}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { resumePath: string; next: string | null; eligibility: { status: string } };
  };

  it('a CGI (no FGTS) resumes at the home', async () => {
    expect((await state(main, 'CGI-2026-001293', 0)).resumePath).toBe('/buyer/home');
  });

  it('unanswered questions, or a buyer not using FGTS: the questions, for that buyer', async () => {
    expect((await state(main, 'PF-2026-005102', 0)).resumePath).toBe('/buyer/fgts/questions?buyer=1&edit=1');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/proposals/${ids['PF-2026-005102']}/sections/fgts_questions?buyer=0`,
      headers: { cookie: main },
      payload: { uses_fgts: 'no' },
    });
    expect(res.statusCode).toBe(200);
    const after = await state(main, 'PF-2026-005102', 0);
    expect(after.eligibility.status).toBe('not_using');
    expect(after.resumePath).toBe('/buyer/fgts/questions?buyer=1&edit=1');
  });

  it('an eligible buyer resumes at the next step, with their own ?buyer=', async () => {
    for (const [cookie, buyer] of [
      [main, 0],
      [second, 1],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v3/proposals/${ids['PF-2026-004817']}/sections/fgts_questions?buyer=${buyer}`,
        headers: { cookie },
        payload: ELIGIBLE,
      });
      expect(res.statusCode, res.body).toBe(200);
      const s = await state(cookie, 'PF-2026-004817', buyer);
      expect(s.eligibility.status).toBe('eligible');
      const expected = s.next
        ? `${FGTS_STEPS.find((step) => step.key === s.next)!.path}?buyer=${buyer + 1}`
        : '/buyer/documents/fgts';
      expect(s.resumePath).toBe(expected);
      // Nothing after the questions is filled in the demo data: the address step comes next.
      expect(s.resumePath).toBe(`/buyer/fgts/address?buyer=${buyer + 1}`);
    }
  });
});
