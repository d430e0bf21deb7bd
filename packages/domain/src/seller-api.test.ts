import { describe, expect, it } from 'vitest';
import { sellerPartResponseSchema } from './seller-api';

/** The body of a seller's part not yet done, with these sections. */
const partWith = (sections: unknown[]) => ({
  data: { invited: true, completedAt: null, ready: false, done: false, sections },
});

describe('the seller part response', () => {
  it('carries the part and each section with its problem', () => {
    const body = partWith([
      { key: 'seller-data', title: 'Dados do vendedor', status: 'done', required: true, problem: null },
      {
        key: 'seller-bank',
        title: 'Dados bancários',
        status: 'todo',
        required: true,
        problem: 'Etapa não concluída',
      },
    ]);
    expect(sellerPartResponseSchema.parse(body)).toEqual(body);
    const done = {
      data: { invited: true, completedAt: '2026-06-15T12:00:00.000Z', ready: true, done: true, sections: [] },
    };
    expect(sellerPartResponseSchema.parse(done)).toEqual(done);
  });

  it('refuses a section without its problem', () => {
    const body = partWith([{ key: 'seller-data', title: 'Dados do vendedor', status: 'done', required: true }]);
    expect(sellerPartResponseSchema.safeParse(body).success).toBe(false);
  });
});
