import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain/auth';
import { fetchSession } from './session-request';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/**
 * Gives the session query a request already under way (the entry asks GET /auth/session before the
 * app has loaded): the session guard's query takes its answer instead of asking again. Only that
 * first attempt uses it; a retry after a failure asks anew.
 */
export function primeSession(client: QueryClient, request: Promise<SessionUser | null>): Promise<void> {
  let pending: Promise<SessionUser | null> | null = request;
  return client.prefetchQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => {
      const answer = pending ?? fetchSession();
      pending = null;
      return answer;
    },
  });
}
