import { callLogout } from './api-client';
import { queryClient } from './query-client';
import { useClientStore } from './store';

/**
 * Ends the session on this device: local storage first, then the server (which expires the
 * HttpOnly cookie), then the cached server state. Order as spec §7 says.
 */
export async function endSession(): Promise<void> {
  localStorage.clear();
  await callLogout();
  queryClient.clear();
  useClientStore.getState().reset();
}
