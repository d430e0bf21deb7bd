import { describe, expect, it } from 'vitest';
import { MASKS, maskDocument, toInput } from '../../components/section-form/widgets';

describe('seller form masks', () => {
  it('masks one input as a CPF up to 11 digits and as a CNPJ beyond', () => {
    expect(maskDocument('4612379')).toBe('461.237.9');
    expect(maskDocument('46123798537')).toBe('461.237.985-37');
    expect(maskDocument('112223330001')).toBe('11.222.333/0001');
    expect(maskDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskDocument('112.223.330-0018199')).toBe('11.222.333/0001-81');
    expect(maskDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('shows stored values the way they were typed', () => {
    expect(toInput('document', '46123798537')).toBe('461.237.985-37');
    expect(toInput('document', '11222333000181')).toBe('11.222.333/0001-81');
    expect(toInput('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(toInput('area', 182.5)).toBe('182,5');
    expect(MASKS.area!('182,5 m²')).toBe('182,5');
  });
});
