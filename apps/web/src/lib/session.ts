import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain/auth';
import { apiRequest } from './api-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** GET /auth/session: data.user.role, or null when not logged in (docs/product/api.md). */
export function fetchSession(): Promise<SessionUser | null> {
  return apiRequest<{ data: { user: SessionUser } | null }>('/auth/session').then((r) => r.data?.user ?? null);
}

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
}
