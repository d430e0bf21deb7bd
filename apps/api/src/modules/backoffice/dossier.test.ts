import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { sanitizeForFont } from '../../pdf/form-pdf';
import { dossierEntryNames } from './dossier';
import { orientationMatrix } from './dossier-item-pdf';

describe('dossier', () => {
  it('names one PDF per checklist item, which joins the files of that item', () => {
    const names = dossierEntryNames('PF-2026-000123', [
      { item: 'income_tax_buyer1' },
      { item: 'proof_of_address_buyer1' },
      { item: 'proof_of_address_buyer1' },
    ]);
    expect(names).toEqual({
      summary: 'resumo-PF-2026-000123.pdf',
      items: ['documentos/income_tax_buyer1.pdf', 'documentos/proof_of_address_buyer1.pdf'],
      documents: [
        'documentos/income_tax_buyer1.pdf',
        'documentos/proof_of_address_buyer1.pdf',
        'documentos/proof_of_address_buyer1.pdf',
      ],
    });
  });

  it('turns each EXIF orientation upright: where the corners of the stored picture land on the page', () => {
    const box = { x: 10, y: 20, width: 200, height: 300 };
    // The image's unit square (s right along a row, t = 1 its first row) through the cm matrix.
    const at = (o: number, s: number, t: number) => {
      const [a, b, c, d, e, f] = orientationMatrix(o, box);
      return [a * s + c * t + e, b * s + d * t + f];
    };
    const [left, right, bottom, top] = [10, 210, 20, 320];
    // The stored picture's first pixel (first row, first column) is seen at…
    expect(at(1, 0, 1)).toEqual([left, top]);
    expect(at(2, 0, 1)).toEqual([right, top]);
    expect(at(3, 0, 1)).toEqual([right, bottom]);
    expect(at(4, 0, 1)).toEqual([left, bottom]);
    expect(at(5, 0, 1)).toEqual([left, top]);
    expect(at(6, 0, 1)).toEqual([right, top]);
    expect(at(7, 0, 1)).toEqual([right, bottom]);
    expect(at(8, 0, 1)).toEqual([left, bottom]);
    // …and its first row runs along the top (1), down the right side (6), up the left side (8).
    expect(at(1, 1, 1)).toEqual([right, top]);
    expect(at(6, 1, 1)).toEqual([right, bottom]);
    expect(at(8, 1, 1)).toEqual([left, top]);
    expect(at(3, 1, 1)).toEqual([left, bottom]);
    expect(orientationMatrix(0, box)).toEqual(orientationMatrix(1, box));
  });

  it('keeps Portuguese text, spells an arrow as ->, and marks what the PDF font cannot encode', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const supported = new Set(font.getCharacterSet());
    expect(sanitizeForFont('Situação: Em análise → Aprovada — “ok”', supported)).toBe(
      'Situação: Em análise -> Aprovada — “ok”',
    );
    expect(sanitizeForFont('Casa 🏠 nova', supported)).toBe('Casa ? nova');
  });
});
