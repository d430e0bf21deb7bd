import { describe, expect, it } from 'vitest';
import type { FgtsEligibility } from './fgts-sections';
import { fgtsResumePath } from './fgts-utils';

const eligible = { status: 'eligible' } as const;

describe('fgtsResumePath', () => {
  it('a CGI goes back to the home (FGTS does not apply)', () => {
    expect(fgtsResumePath({ buyer: 0, applicable: false, eligibility: eligible, next: null, confirmed: false })).toBe(
      '/buyer/home',
    );
  });
  it.each<[FgtsEligibility]>([
    [{ status: 'unanswered' }],
    [{ status: 'not_using' }],
    [{ status: 'incomplete' }],
    [{ status: 'ineligible', reasons: ['x'] }],
  ])('without an eligible answer (%j): the questions, to answer or see why', (eligibility) => {
    expect(fgtsResumePath({ buyer: 0, applicable: true, eligibility, next: null, confirmed: false })).toBe(
      '/buyer/fgts/questions?buyer=1&edit=1',
    );
  });
  it('an eligible buyer resumes at the next unfinished step', () => {
    expect(
      fgtsResumePath({
        buyer: 0,
        applicable: true,
        eligibility: eligible,
        next: 'fgts_civil_status',
        confirmed: false,
      }),
    ).toBe('/buyer/fgts/civil-status?buyer=1');
    expect(
      fgtsResumePath({ buyer: 0, applicable: true, eligibility: eligible, next: 'fgts_review', confirmed: false }),
    ).toBe('/buyer/fgts/review?buyer=1');
    expect(
      fgtsResumePath({ buyer: 1, applicable: true, eligibility: eligible, next: 'fgts_tax', confirmed: false }),
    ).toBe('/buyer/fgts/tax?buyer=2');
  });
  it('all confirmed: the forms to print and sign', () => {
    expect(fgtsResumePath({ buyer: 0, applicable: true, eligibility: eligible, next: null, confirmed: true })).toBe(
      '/buyer/documents/fgts',
    );
  });
});
