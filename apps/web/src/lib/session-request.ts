import type { SessionUser } from '@portal/domain/auth';
import { apiRequest } from './api-client';

/**
 * GET /auth/session: data.user.role, or null when not logged in (docs/product/api.md). A module
 * of its own, without the query library, so that the entry can ask it before the app has loaded.
 */
export function fetchSession(): Promise<SessionUser | null> {
  return apiRequest<{ data: { user: SessionUser } | null }>('/auth/session').then((r) => r.data?.user ?? null);
}
