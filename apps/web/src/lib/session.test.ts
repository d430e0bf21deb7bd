import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@portal/domain/auth';
import { ApiRequestError } from './api-client';
import { primeSession, SESSION_QUERY_KEY } from './session';

const USER: SessionUser = { id: 'u1', name: 'Carlos Eduardo Souza', email: 'comprador@demo.com.br', role: 'buyer' };

function sessionAnswer(user: SessionUser | null) {
  return new Response(JSON.stringify({ data: user ? { user } : null }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('primeSession', () => {
  it("gives the session query the entry's answer without asking the server again", async () => {
    const fetchMock = vi.fn(async () => sessionAnswer(null));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    await primeSession(client, Promise.resolve(USER));
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(USER);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks anew when the early request failed, and keeps the new answer', async () => {
    const fetchMock = vi.fn(async () => sessionAnswer(USER));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 0 } } });
    const failed = Promise.reject(new ApiRequestError(0, 'network', 'Não foi possível conectar.'));
    await primeSession(client, failed);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v3/auth/session');
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(USER);
  });
});
