import { describe, expect, it } from 'vitest';
import { FGTS_RULES, FGTS_STEPS } from '@portal/domain/fgts-sections';
import { DATABASES, demoSuite, proposalUrl, sectionUrl, type Client, type DemoProposal } from './helpers';

/** Answers that meet every eligibility rule (built from the rules, which are data). */
const ELIGIBLE = { uses_fgts: 'yes', ...Object.fromEntries(FGTS_RULES.map((r) => [r.field, r.eligible])) };

/** The FGTS state names the screen where a buyer's FGTS stands (what /buyer/fgts/utils opens). */
describe.each(DATABASES)('FGTS resume path on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, compradora: second } = as;

  const state = async (who: Client, proposal: DemoProposal, buyer: number) => {
    const res = await who.get(proposalUrl(ids[proposal], `/fgts?buyer=${buyer}`));
    expect(res.statusCode).toBe(200);
    return res.json().data as { resumePath: string; next: string | null; eligibility: { status: string } };
  };

  it('a CGI (no FGTS) resumes at the home', async () => {
    expect((await state(main, 'underReview', 0)).resumePath).toBe('/buyer/home');
  });

  it('unanswered questions, or a buyer not using FGTS: the questions, for that buyer', async () => {
    expect((await state(main, 'started', 0)).resumePath).toBe('/buyer/fgts/questions?buyer=1&edit=1');
    const res = await main.put(sectionUrl(ids.started, 'fgts_questions', 0), { uses_fgts: 'no' });
    expect(res.statusCode).toBe(200);
    const after = await state(main, 'started', 0);
    expect(after.eligibility.status).toBe('not_using');
    expect(after.resumePath).toBe('/buyer/fgts/questions?buyer=1&edit=1');
  });

  it('an eligible buyer resumes at the next step, with their own ?buyer=', async () => {
    for (const [who, buyer] of [
      [main, 0],
      [second, 1],
    ] as const) {
      const res = await who.put(sectionUrl(ids.twoBuyers, 'fgts_questions', buyer), ELIGIBLE);
      expect(res.statusCode, res.body).toBe(200);
      const s = await state(who, 'twoBuyers', buyer);
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
