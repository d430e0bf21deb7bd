import type { SessionUser } from '@portal/domain/auth';
import { removeOfflineDraftsNotOf } from './offline-drafts';
import { queryClient } from './query-client';
import { SESSION_QUERY_KEY } from './session';
import { useClientStore } from './store';

/** After a login the app knows who is in without asking the server again. */
export function signedIn(user: SessionUser): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  useClientStore.getState().set({ loggedIn: true });
  // Drafts someone else left on this browser while the server was away are not this person's.
  removeOfflineDraftsNotOf(user.id);
}
