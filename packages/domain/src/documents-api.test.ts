import { describe, expect, it } from 'vitest';
import { documentEventsResponseSchema, documentsListResponseSchema } from './documents-api';

const file = {
  id: 'f1',
  item: 'income_tax_buyer1',
  name: 'irpf.pdf',
  mime: 'application/pdf',
  size: 120_000,
  status: 'sent',
  flags: ['pdf_encrypted'],
  uploadedAt: '2026-06-15T12:00:00.000Z',
  issuedOn: null,
  uploadedBy: 'Maria Silva',
  reviewReason: null,
  reviewedAt: null,
  canDelete: true,
};

describe('documents responses', () => {
  it('carries the list of items with their files', () => {
    const body = {
      data: {
        proposal: { id: 'p1', code: 'FIN-2026-000001', status: 'filling' },
        canUpload: true,
        maxMb: 20,
        checklist: { marriage_lines: true },
        items: [
          {
            key: 'income_tax_buyer1',
            title: 'Declaração de imposto de renda',
            hint: 'Recibo e declaração completa',
            uploader: 'buyer',
            buyer: 0,
            state: 'sent',
            reason: null,
            validityDays: null,
            expiresAt: null,
            canUpload: true,
            files: [file],
          },
        ],
        sellerItems: [],
      },
    };
    expect(documentsListResponseSchema.parse(body)).toEqual(body);
    expect(documentsListResponseSchema.safeParse({ data: { ...body.data, items: [file] } }).success).toBe(false);
    const lost = { ...body.data.items[0]!, files: [{ ...file, status: 'lost' }] };
    expect(documentsListResponseSchema.safeParse({ data: { ...body.data, items: [lost] } }).success).toBe(false);
  });

  it('carries the document history', () => {
    const body = {
      data: [
        {
          id: 'e1',
          at: '2026-06-15T12:00:00.000Z',
          item: 'income_tax_buyer1',
          itemTitle: 'Declaração de imposto de renda',
          fileId: 'f1',
          fileName: 'irpf.pdf',
          action: 'rejected',
          reason: 'Ilegível',
          actor: 'Olga Operadora',
        },
        {
          id: 'e2',
          at: '2026-06-15T12:01:00.000Z',
          item: 'income_tax_buyer1',
          itemTitle: 'Declaração de imposto de renda',
          fileId: null,
          fileName: null,
          action: 'accepted',
          reason: null,
          actor: null,
        },
      ],
    };
    expect(documentEventsResponseSchema.parse(body)).toEqual(body);
    expect(documentEventsResponseSchema.safeParse({ data: [{ ...body.data[0], action: 'renamed' }] }).success).toBe(
      false,
    );
  });
});
