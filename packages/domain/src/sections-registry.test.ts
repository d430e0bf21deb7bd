import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ProposalFacts, Values } from './section';
import {
  ALL_SECTIONS,
  computeFillingStatus,
  findSection,
  requiredSections,
  SECTION_STATUS_LABELS,
  SECTION_STATUSES,
} from './sections-registry';

/** Facts of a proposal whose other sections say nothing yet (FGTS unanswered, seller a person). */
function facts(
  buyers: number,
  type: ProposalFacts['type'] = 'cgi',
  values: Record<string, Values> = {},
): ProposalFacts {
  return {
    buyers,
    type,
    sectionValues: (key, buyer) => values[`${key}:${buyer ?? '-'}`] ?? null,
    fgtsPropertyRules: [],
  };
}
const pairs = (f: ProposalFacts) => requiredSections(f).map((r) => `${r.def.key}:${r.buyer ?? '-'}`);

describe('section registry', () => {
  it('finds each section by its key, and nothing for an unknown key', () => {
    for (const def of ALL_SECTIONS) expect(findSection(def.key)).toBe(def);
    expect(findSection('unknown')).toBeUndefined();
    expect(findSection('')).toBeUndefined();
    expect(new Set(ALL_SECTIONS.map((s) => s.key)).size).toBe(ALL_SECTIONS.length);
  });

  it('reads the section statuses in Portuguese', () => {
    expect(SECTION_STATUSES.map((s) => SECTION_STATUS_LABELS[s])).toEqual([
      'A preencher',
      'Em andamento',
      'Concluído',
      'Correção pedida',
    ]);
  });

  it('a buyer section is required once per buyer, a proposal or seller section once', () => {
    const one = pairs(facts(1));
    const two = pairs(facts(2));
    expect(one).toEqual(expect.arrayContaining(['data:0', 'address:0', 'document:0', 'investment:-', 'seller:-']));
    expect(one).not.toContain('data:1');
    expect(two).toEqual(expect.arrayContaining(['data:0', 'data:1', 'address:1', 'document:1', 'investment:-']));
    expect(two.filter((p) => p === 'investment:-')).toHaveLength(1);
    expect(two.filter((p) => p.startsWith('seller-general-data:'))).toEqual(['seller-general-data:-']);
  });

  it('a section whose rule says "not required" is left out (FGTS questions only in a financing)', () => {
    expect(pairs(facts(1, 'cgi'))).not.toContain('fgts_questions:0');
    expect(pairs(facts(2, 'financing'))).toEqual(expect.arrayContaining(['fgts_questions:0', 'fgts_questions:1']));
  });
});

describe('filling status (share of the required sections done)', () => {
  it('0 when nothing is done, 100 when every required section is done', () => {
    const f = facts(2);
    const required = requiredSections(f);
    expect(computeFillingStatus(f, [])).toBe(0);
    expect(
      computeFillingStatus(
        f,
        required.map((r) => ({ key: r.def.key, buyer: r.buyer })),
      ),
    ).toBe(100);
  });

  it('counts a buyer section only for the buyer who did it, and ignores sections not required', () => {
    const f = facts(2);
    const total = requiredSections(f).length;
    expect(computeFillingStatus(f, [{ key: 'data', buyer: 0 }])).toBe(Math.round(100 / total));
    expect(computeFillingStatus(f, [{ key: 'data', buyer: 5 }])).toBe(0);
    expect(computeFillingStatus(f, [{ key: 'investment', buyer: 0 }])).toBe(0);
    expect(computeFillingStatus(f, [{ key: 'investment', buyer: null }])).toBe(Math.round(100 / total));
    expect(computeFillingStatus(f, [{ key: 'fgts_questions', buyer: 0 }])).toBe(0);
    expect(computeFillingStatus(f, [{ key: 'unknown', buyer: null }])).toBe(0);
  });

  it('rounds to a whole percentage', () => {
    const f = facts(1);
    const required = requiredSections(f);
    const done = required.slice(0, 1).map((r) => ({ key: r.def.key, buyer: r.buyer }));
    expect(computeFillingStatus(f, done)).toBe(Math.round(100 / required.length));
    expect(Number.isInteger(computeFillingStatus(f, done))).toBe(true);
  });

  it('grows with every required section done, from 0 to 100 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom<ProposalFacts['type']>('cgi', 'financing'),
        fc.integer({ min: 0, max: 1000 }),
        (buyers, type, seed) => {
          const f = facts(buyers, type);
          const required = requiredSections(f);
          const order = required.map((r, i) => ({ r, k: (i * 7919 + seed) % 1009 })).sort((a, b) => a.k - b.k);
          let previous = 0;
          for (let n = 1; n <= order.length; n++) {
            const status = computeFillingStatus(
              f,
              order.slice(0, n).map(({ r }) => ({ key: r.def.key, buyer: r.buyer })),
            );
            expect(status).toBeGreaterThanOrEqual(previous);
            previous = status;
          }
          expect(previous).toBe(100);
        },
      ),
      { numRuns: 30 },
    );
  });
});
