import { describe, expect, it } from 'vitest';
import {
  deletionRequestedResponseSchema,
  privacyExportResponseSchema,
  privacyRequestsResponseSchema,
  privacyStatusResponseSchema,
} from './privacy-api';

describe('privacy responses', () => {
  it('carries the deletion request state, or null', () => {
    const pending = { data: { deletion: { status: 'pending', requestedAt: '2026-06-15T12:00:00.000Z' } } };
    expect(privacyStatusResponseSchema.parse(pending)).toEqual(pending);
    expect(privacyStatusResponseSchema.parse({ data: { deletion: null } })).toEqual({ data: { deletion: null } });
    const unknown = { data: { deletion: { status: 'refused', requestedAt: '2026-06-15T12:00:00.000Z' } } };
    expect(privacyStatusResponseSchema.safeParse(unknown).success).toBe(false);
  });

  it('carries the export as one JSON object', () => {
    const body = { data: { user: { name: 'Maria Silva' }, proposals: [] } };
    expect(privacyExportResponseSchema.parse(body)).toEqual(body);
    expect(privacyExportResponseSchema.safeParse({ data: [] }).success).toBe(false);
  });

  it('answers a deletion request with its id and a message', () => {
    const body = { data: { id: 'r1', message: 'Pedido registrado.' } };
    expect(deletionRequestedResponseSchema.parse(body)).toEqual(body);
    expect(deletionRequestedResponseSchema.safeParse({ data: { id: 'r1' } }).success).toBe(false);
  });

  it('lists the requests for the operator', () => {
    const body = {
      data: [
        {
          id: 'r1',
          role: 'buyer',
          status: 'completed',
          name: 'Maria Silva',
          email: 'maria@example.com',
          requestedAt: '2026-06-15T12:00:00.000Z',
          completedAt: '2026-06-16T12:00:00.000Z',
        },
        {
          id: 'r2',
          role: 'seller',
          status: 'pending',
          name: 'João Souza',
          email: 'joao@example.com',
          requestedAt: '2026-06-15T12:00:00.000Z',
          completedAt: null,
        },
      ],
    };
    expect(privacyRequestsResponseSchema.parse(body)).toEqual(body);
    expect(privacyRequestsResponseSchema.safeParse({ data: [{ id: 'r1' }] }).success).toBe(false);
  });
});
