import { describe, expect, it } from 'vitest';
import { SELLER_SECTIONS } from '@portal/domain/seller-sections';
import { SELLER_FIELD_UI } from './seller-field-ui';

describe('seller field UI', () => {
  it('labels every field of every seller section exactly once', () => {
    for (const def of SELLER_SECTIONS)
      expect(Object.keys(SELLER_FIELD_UI[def.key]).sort(), def.key).toEqual(Object.keys(def.shape).sort());
  });
});
