import { describe, expect, it } from 'vitest';
import { SELLER_SECTIONS } from '@portal/domain/seller-sections';
import { ROUTES } from '@portal/domain/routes';
import type { SectionSummary } from './sections-api';
import { buildSellerFlow, SELLER_STEPS, stepPosition } from './seller-flow';

const summary = (key: string, status: SectionSummary['status'], required = true): SectionSummary => ({
  key,
  title: key,
  scope: 'seller',
  required,
  buyer: null,
  status,
  canEdit: true,
  readOnly: null,
  draftUpdatedAt: null,
  submittedAt: null,
  reviewNote: null,
});

describe('seller flow', () => {
  it('has one step per seller section, each on a seller route of the table', () => {
    expect(SELLER_STEPS.map((s) => s.section).sort()).toEqual(SELLER_SECTIONS.map((s) => s.key).sort());
    const paths = ROUTES.map((r) => r.path as string);
    for (const step of SELLER_STEPS) expect(paths).toContain(`/seller/proposals/:proposalId/${step.path}`);
  });

  it('leaves out a step that does not apply, and counts the documents screen', () => {
    const sections = SELLER_STEPS.map((s) => summary(s.section, 'todo', s.section !== 'seller-marital'));
    const flow = buildSellerFlow(sections);
    expect(flow.map((s) => s.section)).not.toContain('seller-marital');
    expect(stepPosition(flow, 'seller-property-contact')).toMatchObject({
      index: 7,
      total: 10,
      previous: { section: 'seller-property-info' },
    });
    expect(stepPosition(flow, 'seller-amounts-receivable').next).toBeUndefined();
  });
});
