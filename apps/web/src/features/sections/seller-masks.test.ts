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
  it('leaves a value with a character no identifier holds as typed, so the field shows its error', () => {
    expect(maskDocument('11#222#333#0001#81')).toBe('11#222#333#0001#81');
    expect(MASKS.cpf!('529x982x247x25')).toBe('529x982x247x25');
    expect(MASKS.cpf!('5299822472#5')).toBe('5299822472#5');
    expect(MASKS.cnpj!('11#222#333#0001#81')).toBe('11#222#333#0001#81');
    expect(MASKS.pis!('120.5641a')).toBe('120.5641a');
    expect(MASKS.phone!('11 9876x')).toBe('11 9876x');
  });
  it('masks a phone pasted with +55 as the national number', () => {
    expect(MASKS.phone!('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(MASKS.phone!('+55 11 9')).toBe('+55 11 9');
    expect(MASKS.cpf!('529 982 247 25')).toBe('529.982.247-25');
  });
  it('shows stored values the way they were typed', () => {
    expect(toInput('document', '46123798537')).toBe('461.237.985-37');
    expect(toInput('document', '11222333000181')).toBe('11.222.333/0001-81');
    expect(toInput('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(toInput('area', 182.5)).toBe('182,5');
    expect(MASKS.area!('182,5 m²')).toBe('182,5');
  });
});
