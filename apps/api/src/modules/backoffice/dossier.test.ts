import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { sanitizeForFont } from '../../pdf/form-pdf';
import { dossierEntryNames } from './dossier';

describe('dossier', () => {
  it('names documents by their checklist item, numbering items with several files', () => {
    const names = dossierEntryNames('PF-2026-000123', [
      { item: 'income_tax_buyer1', mime: 'application/pdf' },
      { item: 'proof_of_address_buyer1', mime: 'image/jpeg' },
      { item: 'proof_of_address_buyer1', mime: 'image/png' },
    ]);
    expect(names).toEqual({
      summary: 'resumo-PF-2026-000123.pdf',
      documents: [
        'documentos/income_tax_buyer1.pdf',
        'documentos/proof_of_address_buyer1-1.jpg',
        'documentos/proof_of_address_buyer1-2.png',
      ],
    });
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
