import { describe, expect, it } from 'vitest';
import {
  draftSavedResponseSchema,
  sectionListResponseSchema,
  sectionViewResponseSchema,
  submittedSectionResponseSchema,
} from './sections-api';

const summary = {
  key: 'data',
  title: 'Dados pessoais',
  scope: 'buyer' as const,
  buyer: 0,
  status: 'in_progress' as const,
  canEdit: true,
  draftUpdatedAt: '2026-06-15T12:00:00.000Z',
  submittedAt: null,
  reviewNote: null,
  readOnly: null,
};
const view = {
  ...summary,
  draft: { name: 'Maria Silva', phone: '11987654321' },
  values: null,
  prefill: { email: 'maria@example.com' },
  prefillFrom: [],
};

describe('sections responses', () => {
  it('lists the sections with the progress', () => {
    const body = {
      data: {
        fillingStatus: 40,
        sections: [
          { ...summary, required: true },
          {
            ...summary,
            key: 'seller-data',
            scope: 'seller',
            buyer: null,
            status: 'rejected',
            canEdit: false,
            draftUpdatedAt: null,
            submittedAt: '2026-06-14T10:00:00.000Z',
            reviewNote: 'CPF ilegível',
            readOnly: { reason: 'A proposta está com a equipe do portal, em análise.', next: 'Aguarde.' },
            required: false,
          },
        ],
      },
    };
    expect(sectionListResponseSchema.parse(body)).toEqual(body);
    expect(
      sectionListResponseSchema.safeParse({ data: { fillingStatus: 40, sections: [{ ...summary }] } }).success,
    ).toBe(false);
  });

  it('reads one section with draft, values and prefill', () => {
    const body = { data: view };
    expect(sectionViewResponseSchema.parse(body)).toEqual(body);
    expect(sectionViewResponseSchema.safeParse({ data: { ...view, scope: 'operator' } }).success).toBe(false);
  });

  it('answers a submit with the new progress', () => {
    const body = {
      data: { ...view, status: 'done', draft: null, values: { name: 'Maria Silva' }, fillingStatus: 60 },
    };
    expect(submittedSectionResponseSchema.parse(body)).toEqual(body);
    expect(submittedSectionResponseSchema.safeParse({ data: view }).success).toBe(false);
  });

  it('answers a draft with when it was saved', () => {
    const body = { data: { draftUpdatedAt: '2026-06-15T12:00:00.000Z' } };
    expect(draftSavedResponseSchema.parse(body)).toEqual(body);
    expect(draftSavedResponseSchema.safeParse({ data: { draftUpdatedAt: null } }).success).toBe(false);
  });
});
