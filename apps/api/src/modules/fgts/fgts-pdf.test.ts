import { describe, expect, it } from 'vitest';
import { StandardFonts, PDFDocument } from '@cantoo/pdf-lib';
import { renderForm, sanitizeForFont } from '../../pdf/form-pdf';
import { fgtsFormDocument } from './fgts.service';

const INPUT = {
  proposalCode: 'PF-2026-004817',
  property: { city: 'São Paulo', uf: 'SP' },
  person: { name: 'Conceição Araújo', cpf: '52998224725' },
  address: {
    cep: '04538132',
    street: 'Rua Tabapuã',
    nonumber: true,
    complement: 'Apto 31',
    district: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
    occupation: 'retired',
    state_live: 'SP',
    city_live: 'São Paulo',
    same_city_living: true,
    same_city_living_year: true,
    intent_housing: true,
  },
  civil: { civil_status: 'single', stable_union: false },
  tax: { declares_income_tax: 'no', exempt_declaration: true },
  authorization: {
    pis_pasep: '12056412545',
    accounts: [{ employee: 'Padaria Pão de Açúcar', account: '12345' }],
    full_amount: true,
    has_company: false,
  },
  generatedAt: new Date('2026-03-01T12:00:00Z'),
};

describe('the FGTS form content', () => {
  it('lists the identification, the accounts and the declarations, with the whole balance when asked', () => {
    const doc = fgtsFormDocument(INPUT);
    const rows = doc.blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Nome', 'Conceição Araújo'],
        ['CPF', '529.982.247-25'],
        ['PIS/PASEP', '120.56412.54-5'],
        ['Endereço', 'Rua Tabapuã, s/nº, Apto 31'],
        ['Imposto de renda', 'Isento(a) da declaração'],
        ['Ocupação', 'Aposentado(a)'],
      ]),
    );
    expect(rows.some(([label]) => label === 'Empresa, órgão ou atividade')).toBe(false);
    const table = doc.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows).toEqual([['Padaria Pão de Açúcar', '12345', 'Saldo total']]);
    expect(doc.blocks.some((b) => b.kind === 'paragraph' && b.text.includes('saldo total disponível'))).toBe(true);
    // No spouse: only the worker signs.
    const signatures = doc.blocks.find((b) => b.kind === 'signatures');
    expect(signatures?.kind === 'signatures' && signatures.lines).toEqual([
      'Local e data',
      'Assinatura do(a) trabalhador(a) — Conceição Araújo',
    ]);
  });
});

describe('drawing with the standard fonts', () => {
  it('keeps Portuguese; what WinAnsi cannot encode becomes its base character (ź → z, ≠ → =) or ?', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const supported = new Set(font.getCharacterSet());
    expect(sanitizeForFont('Conceição, Araújo — nº 1º “ok” R$ 1.500,50', supported)).toBe(
      'Conceição, Araújo — nº 1º “ok” R$ 1.500,50',
    );
    expect(sanitizeForFont('Łódź ≠ ∑ 漢', supported)).toBe('?ódz = ? ?');
    expect(() => font.encodeText(sanitizeForFont('Łódź ≠ ∑ 漢', supported))).not.toThrow();
  });

  it('renders a PDF, on as many pages as needed', async () => {
    const many = {
      ...INPUT,
      authorization: {
        ...INPUT.authorization,
        accounts: Array.from({ length: 20 }, (_, i) => ({
          employee: `Empregador ${i + 1} — razão social bem comprida para quebrar a linha`,
          account: String(10000 + i),
          amount: 100 * (i + 1),
        })),
        full_amount: false,
      },
    };
    const bytes = await renderForm(fgtsFormDocument(many));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe('Autorização para movimentação da conta vinculada do FGTS');
  });
});
