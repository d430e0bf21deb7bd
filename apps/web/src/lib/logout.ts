import { callLogout } from './api-client';
import { queryClient } from './query-client';
import { SESSION_QUERY_KEY } from './session';
import { useClientStore } from './store';

/**
 * Ends the session on this device: local storage first, then the server (which expires the
 * HttpOnly cookie), then the cached server state. Order as docs/product/api.md says.
 */
export async function endSession(): Promise<void> {
  localStorage.clear();
  await callLogout();
  queryClient.clear();
  // The session is known to be gone: say so instead of asking again. Otherwise a second 401 (a
  // late request) clears the cache while '/' is fetching the session, which silently cancels that
  // fetch and leaves '/' loading for ever.
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  useClientStore.getState().reset();
}
