import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@portal/domain/auth-api';
import { apiRequest } from '../../lib/api-client';

/*
 * GET /auth/invitation: the invitation's landing reads it. Apart from the login's API (./api.ts),
 * which the app's first screen loads: the query hooks stay out of that screen's JavaScript.
 */

export const invitationKeys = {
  detail: (token: string) => ['invitation', token] as const,
};

export function getInvitation(token: string, signal?: AbortSignal) {
  return apiRequest<{ data: Invitation }>(`/auth/invitation?token=${encodeURIComponent(token)}`, { signal }).then(
    (r) => r.data,
  );
}

/** An invitation does not change while its page is open; a refused token is not asked again. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.detail(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    staleTime: Infinity,
  });

/** Asked only for a token that can be one (shorter ones are refused on the page without a request). */
export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token.length >= 20 });
}
